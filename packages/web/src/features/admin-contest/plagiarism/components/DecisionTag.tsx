import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { PlagiarismDecisionVo } from '@verdict/shared';

/** A pair's decision state: undecided, cleared, or cheating (and out of the rank), with who decided and when on hover. */
export function DecisionTag({ decision }: { decision: PlagiarismDecisionVo | null }) {
  const { t } = useTranslation();
  if (!decision) return <Tag data-testid="decision-tag">{t('plagiarism.undecided')}</Tag>;
  const who = t('plagiarism.decidedBy', { user: decision.decidedBy, time: dayjs(decision.decidedAt).format('YYYY-MM-DD HH:mm') });
  return (
    <Tooltip title={decision.reason ? `${who} · ${decision.reason}` : who}>
      <span data-testid="decision-tag">
        <Tag color={decision.verdict === 'cheating' ? 'error' : 'success'}>{t(decision.verdict === 'cheating' ? 'plagiarism.cheating' : 'plagiarism.cleared')}</Tag>
        {decision.exclude && <Tag color="warning">{t('plagiarism.excluded')}</Tag>}
      </span>
    </Tooltip>
  );
}
