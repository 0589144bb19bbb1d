import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@verdict/shared';
import { getRegisterCode, register } from './api';
import { emailCodeRules, emailRules, existenceRule, passwordAgainRules, passwordRules, usernameRules } from './rules';
import { CountdownButton } from '../../components/CountdownButton';
import { openAuthModal } from '../../stores/user';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n';

interface Values { username: string; email: string; password: string; passwordAgain: string; code: string }

/** Register with an emailed 6-character code; the username and email are checked on blur. */
export function RegisterForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      toast('error', msg('emailInvalid'));
      return false;
    }
    try {
      const res = await getRegisterCode(email);
      toast(res.delivered ? 'success' : 'warning', t(res.delivered ? 'account.codeSent' : 'account.codeLogged'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await register({ username: v.username.trim(), email: v.email.trim(), password: v.password, code: v.code.trim() });
      toast('success', t('account.thanksForRegistering'));
      openAuthModal('login', v.username.trim());
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="register-form">
      <Form.Item name="username" validateTrigger={['onChange', 'onBlur']} rules={[...usernameRules(), { ...existenceRule('username', false), validateTrigger: 'onBlur' }]}>
        <Input prefix={<UserOutlined />} placeholder={t('account.username')} size="large" autoComplete="username" />
      </Form.Item>
      <Form.Item name="email" validateTrigger={['onChange', 'onBlur']} rules={[...emailRules(), { ...existenceRule('email', false), validateTrigger: 'onBlur' }]}>
        <Input prefix={<MailOutlined />} placeholder={t('account.email')} size="large" autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules()}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('account.password')} size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="passwordAgain" dependencies={['password']} rules={passwordAgainRules()}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('account.passwordAgain')} size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={emailCodeRules()}>
            <Input prefix={<SafetyOutlined />} placeholder={t('account.code')} size="large" maxLength={LIMITS.emailCodeLength} />
          </Form.Item>
          <CountdownButton seconds={LIMITS.registerCodeResendSeconds} onClick={sendCode} size="large" data-testid="register-get-code">
            {t('account.getCode')}
          </CountdownButton>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
        {t('account.register')}
      </Button>
      <div className="auth-links">
        <a onClick={() => openAuthModal('login')}>{t('account.haveAccount')}</a>
      </div>
    </Form>
  );
}
