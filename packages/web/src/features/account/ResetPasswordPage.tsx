import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPassword } from './api';
import { existenceRule, passwordAgainRules, passwordRules, usernameRules } from './rules';
import { openAuthModal } from '../../stores/user';
import { toast } from '../../lib/feedback';

interface Values { username: string; password: string; passwordAgain: string }

/** /reset-password?username=&code= — the link of the reset mail (spec 01 §5 "Reset password form"). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const code = params.get('code') ?? '';

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await resetPassword({ username: v.username.trim(), password: v.password, code });
      toast('success', t('account.passwordReset'));
      navigate('/home', { replace: true });
      openAuthModal('login');
    } catch {
      /* the request layer showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-narrow">
      <Card title={t('account.resetPasswordTitle')} className="reset-card">
        {!code && <Alert type="warning" showIcon message={t('account.resetLinkMissing')} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ username: params.get('username') ?? '' }} onFinish={submit} data-testid="reset-password-form">
          <Form.Item name="username" label={t('account.username')} validateTrigger={['onChange', 'onBlur']} rules={[...usernameRules(), { ...existenceRule('username', true), validateTrigger: 'onBlur' }]}>
            <Input prefix={<UserOutlined />} size="large" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('account.newPassword')} rules={passwordRules()}>
            <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="passwordAgain" label={t('account.passwordAgain')} dependencies={['password']} rules={passwordAgainRules()}>
            <Input.Password prefix={<LockOutlined />} size="large" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!code}>
            {t('account.resetSubmit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
