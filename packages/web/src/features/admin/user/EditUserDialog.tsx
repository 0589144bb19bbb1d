import { useEffect, useState } from 'react';
import { ColorPicker, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type AdminUserRow } from '@verdict/shared';
import { msg } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { userAdminApi, type EditUserBody } from './api';
import { ROLE_OPTIONS } from './roles';

interface Values { username: string; realname: string; email: string; password: string; role: number; enabled: boolean; titleName: string; titleColor: string }

/** Edit one user: names, email, a new password (blank keeps it), role, enabled state and title. */
export function EditUserDialog({ user, onClose, onSaved }: { user: AdminUserRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user)
      form.setFieldsValue({
        username: user.username, realname: user.realname ?? '', email: user.email ?? '', password: '', role: user.role,
        enabled: user.status === 0, titleName: user.titleName ?? '', titleColor: user.titleColor ?? '',
      });
  }, [user, form]);

  const save = async () => {
    const v = await form.validateFields();
    if (!user) return;
    const body: EditUserBody = {
      uid: user.uid, username: v.username.trim(), realname: v.realname || null, email: v.email?.trim() || '', password: v.password || '',
      role: v.role, status: v.enabled ? 0 : 1, titleName: v.titleName || null, titleColor: v.titleColor || null,
    };
    setBusy(true);
    try {
      await userAdminApi.edit(body);
      toast('success', t('admin.common.updated'));
      onSaved();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={!!user} title={t('admin.user.editTitle')} onCancel={onClose} onOk={save} confirmLoading={busy} maskClosable={false} destroyOnHidden width={560} okText={t('admin.common.save')}>
      <Form form={form} layout="vertical" data-testid="edit-user-form">
        <Form.Item name="username" label={t('admin.user.username')} rules={[{ required: true, whitespace: true, message: msg('usernameRequired') }, { max: LIMITS.usernameMax, message: msg('usernameMax') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="realname" label={t('admin.user.realname')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('admin.user.email')} rules={[{ type: 'email', message: msg('emailInvalid') }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin.user.newPassword')}
          extra={t('admin.user.passwordKeep')}
          rules={[{ min: LIMITS.generatedPasswordMin, max: LIMITS.generatedPasswordMax, message: t('admin.user.passwordRange') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {/* No `required` rule: the select always holds one of its roles, and antd would put
            aria-required on the select's wrapper, where it is not allowed (axe). */}
        <Form.Item name="role" label={t('admin.user.roleLabel')}>
          <Select options={ROLE_OPTIONS.map((r) => ({ value: r.code, label: `${t(r.key)} (${r.code})` }))} data-testid="edit-user-role" />
        </Form.Item>
        <Form.Item name="enabled" label={t('admin.user.statusLabel')} valuePropName="checked">
          <Switch checkedChildren={t('admin.user.normal')} unCheckedChildren={t('admin.user.disabled')} />
        </Form.Item>
        <Form.Item name="titleName" label={t('admin.user.titleName')} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="titleColor" label={t('admin.user.titleColor')} getValueFromEvent={(c) => (c ? c.toHexString() : '')}>
          <ColorPicker allowClear showText format="hex" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
