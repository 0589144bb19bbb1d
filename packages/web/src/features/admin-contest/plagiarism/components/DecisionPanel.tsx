import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, Modal, Space, Typography, type ButtonProps } from 'antd';
import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { type MsgKey, type PlagiarismPairVo } from '@verdict/shared';
import { msg } from '../../../../i18n/messages';
import { toast } from '../../../../lib/feedback';
import { checkDecision, useDecidePlagiarismPair, type DecisionInput } from '../api/decide-plagiarism-pair';
import { DecisionTag } from './DecisionTag';

/** The pair's decision (who and when) and the buttons: "cleared", or "cheating" with an optional exclusion from the rank and its reason. */
export function DecisionPanel({ cid, pair }: { cid: number; pair: PlagiarismPairVo }) {
  const { t } = useTranslation();
  const decide = useDecidePlagiarismPair(cid);
  const [open, setOpen] = useState(false);
  const [exclude, setExclude] = useState(pair.decision?.exclude ?? false);
  const [reason, setReason] = useState(pair.decision?.reason ?? '');
  const [error, setError] = useState<MsgKey | null>(null);
  const d = pair.decision;

  const send = async (input: Omit<DecisionInput, 'cid' | 'leftSubmitId' | 'rightSubmitId'>) => {
    const checked = checkDecision({ cid, leftSubmitId: pair.leftSubmitId, rightSubmitId: pair.rightSubmitId, ...input });
    if (!checked.ok) {
      setError(checked.key);
      return false;
    }
    await decide.mutateAsync(checked.body);
    toast('success', t('plagiarism.decided'));
    return true;
  };

  return (
    <Flex vertical gap={8}>
      <Space wrap>
        <DecisionTag decision={d} />
        <Typography.Text type="secondary" data-testid="decision-by">
          {d ? t('plagiarism.decidedBy', { user: d.decidedBy, time: dayjs(d.decidedAt).format('YYYY-MM-DD HH:mm') }) : t('plagiarism.notDecided')}
        </Typography.Text>
      </Space>
      {d?.exclude && d.reason && <Typography.Text>{t('plagiarism.reason')}: {d.reason}</Typography.Text>}
      <Space wrap>
        <Button icon={<CheckCircleOutlined />} loading={decide.isPending && !open} onClick={() => void send({ verdict: 'cleared' })} data-testid="mark-cleared">
          {t('plagiarism.markCleared')}
        </Button>
        <Button danger icon={<WarningOutlined />} onClick={() => { setError(null); setOpen(true); }} data-testid="mark-cheating">{t('plagiarism.markCheating')}</Button>
      </Space>
      <Modal open={open} title={t('plagiarism.cheatingTitle')} onCancel={() => setOpen(false)} okText={t('plagiarism.confirm')} okButtonProps={{ danger: true, 'data-testid': 'cheating-ok' } as ButtonProps}
        confirmLoading={decide.isPending}
        onOk={async () => { if (await send({ verdict: 'cheating', exclude, reason: exclude ? reason : '' })) setOpen(false); }}>
        <Flex vertical gap={12}>
          <Typography.Text>{pair.leftUsername} · {pair.rightUsername}</Typography.Text>
          <Checkbox checked={exclude} onChange={(e) => { setExclude(e.target.checked); setError(null); }} data-testid="cheating-exclude">{t('plagiarism.exclude')}</Checkbox>
          {exclude && (
            <label>
              <div style={{ marginBottom: 4 }}>{t('plagiarism.reason')}</div>
              <Input.TextArea value={reason} maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('plagiarism.reasonPlaceholder')}
                onChange={(e) => { setReason(e.target.value); setError(null); }} data-testid="cheating-reason" status={error ? 'error' : undefined} />
            </label>
          )}
          {error && <Alert type="error" showIcon message={msg(error)} />}
        </Flex>
      </Modal>
    </Flex>
  );
}
