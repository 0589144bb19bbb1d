import { Form, Input } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@verdict/shared';
import { applyResetPassword } from './api';
import { CaptchaField, useCaptcha } from './CaptchaField';
import { emailRules, existenceRule } from './rules';
import { CountdownButton } from '../../components/CountdownButton';
import { openAuthModal } from '../../stores/user';
import { toast } from '../../lib/feedback';

interface Values { email: string; captcha: string }

/** Request a password-reset mail: email (must exist) and an image captcha; the button then waits 90 s. */
export function ResetPwdForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const shown = useCaptcha(true);
  const { captcha, reload: reloadCaptcha } = shown;

  const send = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return false;
    }
    try {
      const res = await applyResetPassword({ email: v.email.trim(), captcha: v.captcha.trim(), captchaKey: captcha?.captchaKey ?? '' });
      toast(res.delivered ? 'success' : 'warning', t(res.delivered ? 'account.resetEmailSent' : 'account.codeLogged'));
      form.setFieldValue('captcha', '');
      void reloadCaptcha();
      return true;
    } catch {
      // The captcha is single use: clear it and show a fresh one.
      form.setFieldValue('captcha', '');
      void reloadCaptcha();
      return false;
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} data-testid="reset-form">
      <Form.Item name="email" validateTrigger={['onChange', 'onBlur']} rules={[...emailRules(), { ...existenceRule('email', true), validateTrigger: 'onBlur' }]}>
        <Input prefix={<MailOutlined />} placeholder={t('account.email')} size="large" autoComplete="email" />
      </Form.Item>
      <CaptchaField {...shown} />
      <CountdownButton type="primary" block size="large" seconds={LIMITS.resetEmailResendSeconds} onClick={send} data-testid="reset-send">
        {t('account.sendResetEmail')}
      </CountdownButton>
      <div className="auth-links">
        <a onClick={() => openAuthModal('login')}>{t('account.backToLogin')}</a>
      </div>
    </Form>
  );
}
