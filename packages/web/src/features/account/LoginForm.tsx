import { useRef, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { login } from './api';
import { CaptchaField, useCaptchaOnDemand } from './CaptchaField';
import { ApiError } from '../../lib/request';
import { passwordRules, usernameRules } from './rules';
import { SlideCheck } from './SlideCheck';
import { loginFailures, needsSlideCheck, recordLoginFailure, resetLoginFailures } from './login-failures';
import { closeAuthModal, openAuthModal, userStore } from '../../stores/user';
import { showError, toast } from '../../lib/feedback';
import { useSiteConfig } from '../../stores/site';
import { SecondFactorField, asksSecondFactor, secondFactorOf, type SecondFactorValues } from './two-factor/SecondFactorField';

interface Values extends SecondFactorValues { username: string; password: string; captcha?: string }

/**
 * Login: after 5 consecutive failures the slide check must be passed before each attempt. When the
 * server asks for it (an account with many failures from anywhere), an image captcha too.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const failures = loginFailures.use((s) => s.count);
  const config = useSiteConfig();
  const captcha = useCaptchaOnDemand(form);
  // Asked for by the server (data.twoFactorRequired) after a right password of an enrolled account.
  const [needCode, setNeedCode] = useState(false);

  // What was typed, kept while the slide check replaces the form (its fields unmount meanwhile).
  const pending = useRef<Values | null>(null);
  // Straight after registering, the new account's name is filled in.
  const registered = userStore.use((s) => s.authUsername);

  const doLogin = async (values: Values) => {
    setBusy(true);
    try {
      const user = await login(values.username.trim(), values.password, captcha.key ? { captcha: values.captcha?.trim() ?? '', captchaKey: captcha.key } : undefined, needCode ? secondFactorOf(values) : undefined);
      resetLoginFailures();
      toast('success', `${t('account.welcomeBack')}, ${user.username}`);
      closeAuthModal();
    } catch (e) {
      const codeAsked = e instanceof ApiError && asksSecondFactor(e.data);
      // The first ask for a code follows a right password: not a failure.
      if (codeAsked && !needCode) {
        setNeedCode(true);
        return;
      }
      showError(e instanceof Error ? e.message : String(e));
      recordLoginFailure();
      captcha.failed(e instanceof ApiError && !!(e.data as { needCaptcha?: boolean } | null)?.needCaptcha);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (needsSlideCheck(failures)) {
      pending.current = values;
      setChecking(true);
    } else await doLogin(values);
  };

  if (checking)
    return (
      <SlideCheck
        onSuccess={() => {
          setChecking(false);
          if (pending.current) void doLogin(pending.current);
        }}
      />
    );

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={pending.current ?? (registered ? { username: registered, password: '' } : undefined)} data-testid="login-form">
      <Form.Item name="username" rules={usernameRules()}>
        <Input prefix={<UserOutlined />} placeholder={t('account.username')} size="large" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules()}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('account.password')} size="large" autoComplete="current-password" />
      </Form.Item>
      {captcha.asked && <CaptchaField {...captcha.shown} />}
      {needCode && <SecondFactorField />}
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
        {t('account.login')}
      </Button>
      <div className="auth-links">
        {config.register ? <a onClick={() => openAuthModal('register')}>{t('account.noAccount')}</a> : <span />}
        <a onClick={() => openAuthModal('resetPwd')}>{t('account.forgotPassword')}</a>
      </div>
    </Form>
  );
}
