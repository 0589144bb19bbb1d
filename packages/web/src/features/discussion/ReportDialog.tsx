import { useState } from 'react';
import { Checkbox, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORUM_LIMITS, REPORT_TAGS } from '@verdict/shared';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n/messages';
import { useAuth } from '../../stores/user';
import { discussionApi } from './api';

/** Report dialog (spec 02 §5): at least one tag or a reason; reason ≤ 200. Sent as "#tag #tag reason". */
export function ReportDialog({ did, open, onClose }: { did: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [tags, setTags] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!tags.length && !reason.trim()) return toast('warning', msg('reportEmpty'));
    if (reason.length > FORUM_LIMITS.reportReasonMax) return toast('warning', msg('reportTooLong'));
    setBusy(true);
    try {
      const content = [...tags.map((k) => `#${t(`discussion.tags.${k}`)}`), reason.trim()].filter(Boolean).join(' ');
      await discussionApi.report(did, user?.username ?? '', content);
      toast('success', t('discussion.reportOk'));
      setTags([]); setReason('');
      onClose();
    } catch { /* shown */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={t('discussion.reportTitle')} onCancel={onClose} onOk={() => void send()} confirmLoading={busy} okText={t('discussion.report')} cancelText={t('discussion.cancel')}>
      <div className="discussion-report-label">{t('discussion.reportTags')}</div>
      <Checkbox.Group value={tags} onChange={(v) => setTags(v as string[])} options={REPORT_TAGS.map((k) => ({ value: k, label: t(`discussion.tags.${k}`) }))} />
      <Input.TextArea className="discussion-report-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('discussion.reportReason')}
        aria-label={t('discussion.reportReason')} autoSize={{ minRows: 3 }} showCount maxLength={FORUM_LIMITS.reportReasonMax} />
    </Modal>
  );
}
