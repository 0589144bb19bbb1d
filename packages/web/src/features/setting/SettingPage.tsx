import { Card, Collapse, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ChangeEmailForm } from './ChangeEmailForm';
import { AvatarUpload } from './AvatarUpload';
import { UserInfoForm } from './UserInfoForm';
import { ThemeSetting } from './ThemeSetting';
import { SecuritySection } from './security/SecuritySection';
import './setting.css';

/** /setting (login): two collapsible sections, account (password, email) and user info (avatar, profile). */
export default function SettingPage() {
  const { t } = useTranslation();
  return (
    <div className="setting-page">
      <Typography.Title level={3} className="setting-title">
        {t('setting.title')}
      </Typography.Title>
      <Collapse
        defaultActiveKey={['account', 'info', 'theme', 'security']}
        className="setting-collapse"
        items={[
          {
            key: 'account',
            label: t('setting.accountSection'),
            children: (
              <div className="setting-two">
                <Card size="small" title={t('setting.changePassword')} className="setting-card">
                  <ChangePasswordForm />
                </Card>
                <Card size="small" title={t('setting.changeEmail')} className="setting-card">
                  <ChangeEmailForm />
                </Card>
              </div>
            ),
          },
          { key: 'theme', label: t('setting.themeSection'), children: <ThemeSetting /> },
          {
            key: 'info',
            label: t('setting.infoSection'),
            children: (
              <>
                <AvatarUpload />
                <Divider />
                <UserInfoForm />
              </>
            ),
          },
          { key: 'security', label: t('security.section'), children: <SecuritySection /> },
        ]}
      />
    </div>
  );
}
