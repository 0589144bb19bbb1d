import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { UserHomeInfo } from '@verdict/shared';
import { toast } from '../../lib/feedback';
import { setUser, useAuth } from '../../stores/user';
import { api } from '../../lib/request';
import { settingApi, type UserInfoPatch } from './api';
import { invalidateUserHomeInfo } from '../user';
import { maxRule } from './rules';

type Field = 'nickname' | 'realname' | 'school' | 'github' | 'blog' | 'gender' | 'signature';
type Values = Record<Field, string>;

const FIELDS: { name: Field; max: number }[] = [
  { name: 'nickname', max: 20 },
  { name: 'realname', max: 50 },
  { name: 'school', max: 100 },
  { name: 'github', max: 255 },
  { name: 'blog', max: 255 },
];

/** Nickname, real name, school, GitHub, blog, gender and signature. Only these fields are sent. */
export function UserInfoForm() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  // The stored login info may be stale (edited on another device): overlay the current profile.
  useEffect(() => {
    let live = true;
    api.get<UserHomeInfo>('/get-user-home-info', undefined, { quiet: true })
      .catch(() => null)
      .then((full) => {
        if (!live) return;
        const base: Record<string, unknown> = { ...(user ?? {}), ...(full ?? {}) };
        const v: Partial<Values> = {};
        for (const f of [...FIELDS.map((x) => x.name), 'signature', 'gender'] as const) v[f] = (base[f] as string | null) ?? '';
        if (!v.gender) v.gender = 'secrecy';
        form.setFieldsValue(v);
      });
    return () => {
      live = false;
    };
    // Load once per user: later edits of the stored user must not reset the form being typed in.
  }, [user?.uid]);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const patch: UserInfoPatch = { ...v, gender: (v.gender || 'secrecy') as UserInfoPatch['gender'] };
      const info = await settingApi.changeUserInfo(patch);
      if (user) setUser({ ...user, ...info });
      void invalidateUserHomeInfo(qc);
      toast('success', t('setting.updated'));
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="user-info-form">
      <Row gutter={16}>
        {FIELDS.map((f) => (
          <Col xs={24} md={12} key={f.name}>
            <Form.Item name={f.name} label={t(`setting.field.${f.name}`)} rules={[maxRule(f.max)]}>
              <Input placeholder={t(`setting.placeholder.${f.name}`, { defaultValue: '' })} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('setting.field.gender')}>
            <Radio.Group>
              <Radio value="male">{t('user.gender.male')}</Radio>
              <Radio value="female">{t('user.gender.female')}</Radio>
              <Radio value="secrecy">{t('user.gender.secrecy')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="signature" label={t('setting.field.signature')} rules={[maxRule(1000)]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="save-user-info">
        {t('setting.save')}
      </Button>
    </Form>
  );
}
