import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContestAuth } from '@verdict/shared';
import { toast } from '../../../../lib/feedback';
import type { Contest } from '../../api';
import { formatDuration } from '../../format';
import { useStartVirtualContest } from '../api/start-virtual-contest';

/**
 * "Start virtual run" with its confirm: what a run is (the contest's duration from now, one run,
 * no pause) and, for a private or protected contest the user has not registered to, its password.
 */
export function VirtualStart({ contest, needPassword }: { contest: Contest; needPassword: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pwd, setPwd] = useState('');
  const start = useStartVirtualContest(contest.id);
  const askPassword = needPassword && contest.auth !== ContestAuth.PUBLIC;
  const go = async () => {
    await start.mutateAsync(askPassword ? pwd : undefined);
    setOpen(false);
    toast('success', t('virtual.started'));
  };
  return (
    <>
      <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => setOpen(true)} data-testid="virtual-start">{t('virtual.start')}</Button>
      <Modal
        open={open}
        title={t('virtual.startTitle')}
        okText={t('virtual.confirm')}
        cancelText={t('virtual.cancel')}
        confirmLoading={start.isPending}
        okButtonProps={{ disabled: askPassword && !pwd.trim(), ...{ 'data-testid': 'virtual-confirm' } }}
        onOk={() => void go().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('virtual.startBody', { d: formatDuration(contest.endTime - contest.startTime) })}</Typography.Paragraph>
        {askPassword && (
          <Input.Password value={pwd} onChange={(e) => setPwd(e.target.value)} placeholder={t('virtual.passwordHint')} aria-label={t('virtual.passwordHint')}
            onPressEnter={() => void go().catch(() => undefined)} />
        )}
      </Modal>
    </>
  );
}
