import { useState } from 'react';
import { Form, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../../lib/request';

/** Accepted submissions of a contest as a zip, split by user or by problem, optionally without the admins'. */
export function DownloadAcDialog({ cid, onClose }: { cid: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [excludeAdmin, setExcludeAdmin] = useState(true);
  const [splitType, setSplitType] = useState<'user' | 'problem'>('user');
  const go = async () => {
    if (!cid) return;
    await download('/file/download-contest-ac-submission', { cid, excludeAdmin, splitType }, `contest_${cid}_ac.zip`);
    onClose();
  };
  return (
    <Modal open={cid !== null} onCancel={onClose} onOk={() => void go()} title={t('adminContest.downloadAc')}>
      <Form layout="vertical">
        <Form.Item label={t('adminContest.excludeAdmin')}><Switch checked={excludeAdmin} onChange={setExcludeAdmin} /></Form.Item>
        <Form.Item label={t('adminContest.splitType')}>
          <Radio.Group value={splitType} onChange={(e) => setSplitType(e.target.value as 'user' | 'problem')}>
            <Radio value="user">{t('adminContest.splitUser')}</Radio><Radio value="problem">{t('adminContest.splitProblem')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
