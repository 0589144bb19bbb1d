import { Button, Popconfirm, Tooltip } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { useResetTwoFactor } from './api/reset-two-factor';

/** A row action of the user list (super admin): reset the user's second factor (a lost phone). */
export function ResetTwoFactorButton({ uid, username }: { uid: number; username: string }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  return (
    <Popconfirm
      title={t('adminTwoFactor.reset')}
      description={<div style={{ maxWidth: 300 }}>{t('adminTwoFactor.resetConfirm', { name: username })}</div>}
      onConfirm={async () => {
        try {
          const r = await reset.mutateAsync(uid);
          toast('success', t(r.hadTwoFactor ? 'adminTwoFactor.resetDone' : 'adminTwoFactor.resetNone', { name: username }));
        } catch {
          // shown by the request layer
        }
      }}
    >
      <Tooltip title={t('adminTwoFactor.reset')}>
        <Button size="small" icon={<SafetyOutlined />} loading={reset.isPending} aria-label={t('adminTwoFactor.reset')} data-testid="reset-two-factor" />
      </Tooltip>
    </Popconfirm>
  );
}
