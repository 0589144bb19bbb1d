import { useCallback, useEffect, useState } from 'react';
import { Form, Input, Space, Tooltip } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@verdict/shared';
import { applyResetPassword, getCaptcha } from './api';
import { captchaRules, emailRules, existenceRule } from './rules';
import { CountdownButton } from '../../components/CountdownButton';
import { openAuthModal } from '../../stores/user';
import { toast } from '../../lib/feedback';

interface Values { email: string; captcha: string }

/** Request a password-reset mail: email (must exist) and an image captcha; the button then waits 90 s. */
export function ResetPwdForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);

  const reloadCaptcha = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => void reloadCaptcha(), [reloadCaptcha]);

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
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="captcha" noStyle rules={captchaRules()}>
            <Input prefix={<SafetyOutlined />} placeholder={t('account.captcha')} size="large" maxLength={LIMITS.captchaMax} />
          </Form.Item>
          <Tooltip title={t('account.refreshCaptcha')}>
            <button type="button" className="captcha-img" onClick={() => void reloadCaptcha()} data-testid="captcha-img">
              {captcha && <img src={captcha.img} alt="captcha" />}
            </button>
          </Tooltip>
        </Space.Compact>
      </Form.Item>
      <CountdownButton type="primary" block size="large" seconds={LIMITS.resetEmailResendSeconds} onClick={send} data-testid="reset-send">
        {t('account.sendResetEmail')}
      </CountdownButton>
      <div className="auth-links">
        <a onClick={() => openAuthModal('login')}>{t('account.backToLogin')}</a>
      </div>
    </Form>
  );
}
