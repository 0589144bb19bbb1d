import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The super admin's switch (issue 33): a second factor required of every admin-area role. Sits inside the switch form. */
export function RequireTwoFactorRow() {
  const { t } = useTranslation();
  return (
    <div className="admin-switch-row">
      <div>
        <div>{t('adminTwoFactor.require')}</div>
        <div className="admin-switch-desc">{t('adminTwoFactor.requireDesc')}</div>
      </div>
      <Form.Item name="requireAdminTwoFactor" valuePropName="checked" noStyle>
        <Switch data-testid="switch-requireAdminTwoFactor" />
      </Form.Item>
    </div>
  );
}
