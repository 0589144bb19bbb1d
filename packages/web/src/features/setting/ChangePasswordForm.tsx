import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n';
import { toast } from '../../lib/feedback';
import { settingApi } from './api';
import { confirmRules, passwordRules } from './rules';

interface Values { oldPassword: string; newPassword: string; passwordAgain: string }

/** Old password, new password twice. The server keeps this session and logs out the others. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await settingApi.changePassword(v.oldPassword, v.newPassword);
      toast('success', t('setting.passwordChanged'));
      form.resetFields();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="change-password-form" requiredMark={false}>
      <Form.Item name="oldPassword" label={t('setting.oldPassword')} rules={[{ required: true, message: msg('passwordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('setting.newPassword')} rules={passwordRules()}>
        <Input.Password autoComplete="new-password" onChange={() => form.getFieldValue('passwordAgain') && void form.validateFields(['passwordAgain'])} />
      </Form.Item>
      <Form.Item name="passwordAgain" label={t('setting.passwordAgain')} dependencies={['newPassword']} rules={confirmRules('newPassword')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('setting.updatePassword')}
      </Button>
    </Form>
  );
}
