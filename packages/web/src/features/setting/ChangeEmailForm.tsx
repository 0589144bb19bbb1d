import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@verdict/shared';
import { msg } from '../../i18n/messages';
import { showError, toast } from '../../lib/feedback';
import { CountdownButton } from '../../components';
import { setUser, useAuth } from '../../stores/user';
import { settingApi } from './api';
import { codeRules, emailRules, isEmail } from './rules';

interface Values { password: string; newEmail: string; code: string }

/** Current password, new address and the 6-character code mailed to it (60 s between codes). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    const email = String(form.getFieldValue('newEmail') ?? '').trim();
    if (!isEmail(email)) {
      showError(msg('emailInvalid'));
      return false;
    }
    try {
      const r = await settingApi.changeEmailCode(email);
      toast(r.delivered ? 'success' : 'warning', r.delivered ? t('setting.codeSent', { email }) : msg('mailNotConfigured'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      // HOJ's ChangeAccountVO: {code, msg, userInfo} — the user's info carries the new email.
      const { userInfo } = await settingApi.changeEmail(v.password, v.newEmail.trim(), v.code.trim());
      if (user) setUser({ ...user, ...userInfo });
      toast('success', t('setting.emailChanged'));
      form.resetFields();
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="changeEmail" layout="vertical" onFinish={submit} data-testid="change-email-form" requiredMark={false}>
      <Form.Item label={t('setting.currentEmail')} htmlFor="changeEmail_current">
        <Input id="changeEmail_current" value={user?.email ?? ''} disabled placeholder={t('setting.noEmail')} />
      </Form.Item>
      <Form.Item name="password" label={t('setting.currentPassword')} rules={[{ required: true, message: msg('passwordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newEmail" label={t('setting.newEmail')} rules={emailRules()}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('setting.code')} htmlFor="changeEmail_code" required style={{ marginBottom: 0 }}>
        <div className="setting-code-row">
          <Form.Item name="code" rules={codeRules()} className="setting-code-input">
            <Input maxLength={LIMITS.emailCodeLength} />
          </Form.Item>
          <CountdownButton seconds={LIMITS.registerCodeResendSeconds} onClick={sendCode} data-testid="send-email-code">
            {t('setting.sendCode')}
          </CountdownButton>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('setting.updateEmail')}
      </Button>
    </Form>
  );
}
