import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What a login sends as its second factor: one of the two. */
export interface SecondFactorValues { totp?: string; recoveryCode?: string }

/** The second factor the form holds, in the login body's names (empty fields left out). */
export function secondFactorOf(v: SecondFactorValues): SecondFactorValues {
  const totp = v.totp?.replace(/\s+/g, '');
  const recoveryCode = v.recoveryCode?.trim();
  return totp ? { totp } : recoveryCode ? { recoveryCode } : {};
}

/**
 * The code field a login shows once the server answered data.twoFactorRequired: the 6-digit code
 * of the authenticator app, or (switched by a link) a recovery code. Lives inside the login's Form.
 */
export function SecondFactorField({ autoFocus = true }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const form = Form.useFormInstance();
  const switchMode = () => {
    form.setFieldsValue({ totp: undefined, recoveryCode: undefined });
    setRecovery((r) => !r);
  };
  return (
    <div data-testid="second-factor">
      <Alert type="info" showIcon icon={<SafetyOutlined />} message={t('twoFactor.title')} description={recovery ? t('twoFactor.promptRecovery') : t('twoFactor.prompt')} style={{ marginBottom: 12 }} />
      {recovery ? (
        <Form.Item name="recoveryCode" rules={[{ required: true, whitespace: true, message: t('twoFactor.recoveryRule') }]}>
          <Input size="large" placeholder={t('twoFactor.recoveryCode')} aria-label={t('twoFactor.recoveryCode')} autoComplete="off" autoFocus={autoFocus} data-testid="recovery-code-input" />
        </Form.Item>
      ) : (
        <Form.Item name="totp" rules={[{ required: true, pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: t('twoFactor.codeRule') }]}>
          <Input size="large" placeholder={t('twoFactor.code')} aria-label={t('twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus={autoFocus} data-testid="totp-input" />
        </Form.Item>
      )}
      <div style={{ marginBottom: 12, textAlign: 'right' }}>
        <a onClick={switchMode} data-testid="second-factor-switch">{recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}</a>
      </div>
    </div>
  );
}

/** Whether a failed login's answer asks for the second factor. */
export const asksSecondFactor = (data: unknown) => !!(data && typeof data === 'object' && (data as { twoFactorRequired?: boolean }).twoFactorRequired);
