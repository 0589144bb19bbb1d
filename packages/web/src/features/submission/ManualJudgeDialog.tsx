import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MANUAL_JUDGE_STATUSES, JudgeStatus } from '@verdict/shared';
import { statusName } from '../../components';
import { toast } from '../../lib/feedback';
import { submissionApi, type Submission } from './api';

/**
 * Manual judge (super admin, spec 01 §4): any listed status; a score is required when the
 * submission already has one or the chosen status is Cancelled.
 */
export function ManualJudgeDialog({ submission, onClose, onDone }: { submission: Submission | null; onClose: () => void; onDone: (s: Partial<Submission>) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number>(JudgeStatus.ACCEPTED);
  const [score, setScore] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!submission) return;
    setStatus(MANUAL_JUDGE_STATUSES.includes(submission.status) ? submission.status : JudgeStatus.ACCEPTED);
    setScore(submission.score);
  }, [submission]);
  const scoreNeeded = !!submission && (submission.score != null || status === JudgeStatus.CANCELLED);

  const save = async () => {
    if (!submission) return;
    if (scoreNeeded && score == null) {
      toast('error', t('submission.scoreRequired'));
      return;
    }
    if (score != null && !Number.isInteger(score)) {
      toast('error', t('submission.scoreInteger'));
      return;
    }
    setSaving(true);
    try {
      await submissionApi.manualJudge(submission.submitId, status, score);
      toast('success', t('submission.updated'));
      onDone({ status, score, isManual: true });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={!!submission} title={`${t('submission.manualJudge')} #${submission?.submitId ?? ''}`} onCancel={onClose} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('submission.status')}>
          <Select value={status} onChange={setStatus} options={MANUAL_JUDGE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`, { defaultValue: statusName(s) }) }))} data-testid="manual-status" />
        </Form.Item>
        <Form.Item label={t('submission.score')} required={scoreNeeded}>
          <InputNumber value={score} onChange={(v) => setScore(v == null ? null : Number(v))} min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
