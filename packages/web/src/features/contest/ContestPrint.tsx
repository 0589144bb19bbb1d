import { useState } from 'react';
import { Alert, Button, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@verdict/shared';
import { toast } from '../../lib/feedback';
import { contestExtraApi } from './api';
import { useContest } from './context';

/** /contest/{id}/print: participants send text to print (≥ 50 characters); the queue is on admin-print. */
export function ContestPrint() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!contest.openPrint) return <Alert type="warning" showIcon message={t('contest.printClosed')} />;
  const send = async () => {
    if (text.trim().length < LIMITS.printMin) return toast('error', t('contest.printTooShort', { n: LIMITS.printMin }));
    setBusy(true);
    try {
      await contestExtraApi.print(contest.id, text);
      toast('success', t('contest.printSent'));
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('contest.print')}>
      <Input.TextArea rows={14} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('contest.printPlaceholder', { n: LIMITS.printMin })} style={{ fontFamily: 'monospace' }} data-testid="print-text" />
      <Button type="primary" style={{ marginTop: 12 }} loading={busy} onClick={() => void send()} data-testid="print-submit">{t('contest.printSubmit')}</Button>
    </Card>
  );
}
