import { useState } from 'react';
import { Alert, Button, Modal, Radio, Space, type ButtonProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlagiarismScope } from '@verdict/shared';
import { toast } from '../../../../lib/feedback';
import { useStartPlagiarismCheck } from '../api/start-plagiarism-check';

/** The "run check" button and its dialog: the scope, and a warning when the contest has not ended (the result is partial). */
export function StartCheck({ cid, running, again, busy }: { cid: number; running: boolean; again: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<PlagiarismScope>('lastAccepted');
  const start = useStartPlagiarismCheck(cid);
  const submit = async () => {
    const { msg } = await start.mutateAsync(scope);
    toast('success', msg && msg !== 'success' ? msg : t('plagiarism.startOk'));
    setOpen(false);
  };
  return (
    <>
      <Button type="primary" icon={<SearchOutlined />} disabled={busy} onClick={() => setOpen(true)} data-testid="plagiarism-start">
        {t(again ? 'plagiarism.restart' : 'plagiarism.start')}
      </Button>
      <Modal open={open} title={t('plagiarism.startTitle')} onCancel={() => setOpen(false)} onOk={() => void submit()} okText={t('plagiarism.start')}
        confirmLoading={start.isPending} okButtonProps={{ 'data-testid': 'plagiarism-start-ok' } as ButtonProps} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          {running && <Alert type="warning" showIcon message={t('plagiarism.runningWarning')} data-testid="plagiarism-running-warning" />}
          <div>{t('plagiarism.scope')}</div>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as PlagiarismScope)}>
            <Space direction="vertical">
              <Radio value="lastAccepted">{t('plagiarism.scopeLastAccepted')}</Radio>
              <Radio value="final">{t('plagiarism.scopeFinal')}</Radio>
            </Space>
          </Radio.Group>
        </Space>
      </Modal>
    </>
  );
}
