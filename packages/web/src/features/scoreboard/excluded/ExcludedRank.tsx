import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The rank cell of a row an admin took out of the rank after a plagiarism check (issue 31): no
 * place, a mark, and the reason the user is shown (on hover, or a tap on a phone).
 */
export function ExcludedRank({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const label = t('rankExcluded.mark');
  return (
    <Tooltip title={reason ? `${t('rankExcluded.reason')}: ${reason}` : label} trigger={['hover', 'click']}>
      <Tag color="error" style={{ marginInlineEnd: 0, cursor: 'help' }} tabIndex={0} aria-label={reason ? `${label}: ${reason}` : label}
        data-testid="board-excluded" data-reason={reason}>{label}</Tag>
    </Tooltip>
  );
}
