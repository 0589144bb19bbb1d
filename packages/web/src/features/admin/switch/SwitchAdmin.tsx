import { useEffect, useState } from 'react';
import { Button, Card, Form, InputNumber, Switch } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SwitchConfig } from '@verdict/shared';
import { switchApi, switchConfigQuery } from './api';
import { RequireTwoFactorRow } from './RequireTwoFactorRow';
import { toast } from '../../../lib/feedback';
import { invalidateSiteConfig } from '../../../stores/site';
import '../admin.css';

const SWITCHES = [
  'register', 'openPublicDiscussion', 'openGroupDiscussion', 'openContestComment',
  'openPublicJudge', 'openGroupJudge', 'openContestJudge', 'hideNonContestSubmissionCode', 'ratingNameColor',
] as const;
const NUMBERS: { name: Exclude<keyof SwitchConfig, (typeof SWITCHES)[number]>; max: number }[] = [
  { name: 'defaultSubmitInterval', max: 3600 },
  { name: 'submitCaptchaPerMinute', max: 1000 },
  { name: 'defaultCreateDiscussionACInitValue', max: 100000 },
  { name: 'defaultCreateCommentACInitValue', max: 100000 },
  { name: 'defaultCreateGroupACInitValue', max: 100000 },
  { name: 'defaultCreateDiscussionDailyLimit', max: 100000 },
  { name: 'defaultCreateGroupDailyLimit', max: 100000 },
  { name: 'defaultCreateGroupLimit', max: 100000 },
  { name: 'discussionInterval', max: 86400 },
  { name: 'commentInterval', max: 86400 },
  { name: 'uploadUserDailyMb', max: 1_000_000 },
  { name: 'uploadGroupMb', max: 1_000_000 },
];

/** /admin/switch (super admin): site switches and the posting limits of spec 03 §9. */
export default function SwitchAdmin() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<SwitchConfig>();
  const [saving, setSaving] = useState(false);
  const q = useQuery(switchConfigQuery());
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const save = async (v: SwitchConfig) => {
    setSaving(true);
    try {
      await switchApi.set(v);
      toast('success', t('admin.common.updated'));
      void q.refetch();
      void invalidateSiteConfig(qc);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="admin-page">
      <Form form={form} onFinish={save} data-testid="switch-form">
        <Card title={t('admin.switch.title')} loading={q.isLoading}>
          {SWITCHES.map((k) => (
            <div className="admin-switch-row" key={k}>
              <div>
                <div>{t(`admin.switch.${k}`)}</div>
                <div className="admin-switch-desc">{t(`admin.switch.${k}Desc`)}</div>
              </div>
              <Form.Item name={k} valuePropName="checked" noStyle>
                <Switch data-testid={`switch-${k}`} />
              </Form.Item>
            </div>
          ))}
          <RequireTwoFactorRow />
        </Card>
        <Card title={t('admin.switch.limits')} loading={q.isLoading} style={{ marginTop: 16 }}>
          {NUMBERS.map((n) => (
            <div className="admin-switch-row" key={n.name}>
              <div>
                <div>{t(`admin.switch.${n.name}`)}</div>
                <div className="admin-switch-desc">{t(`admin.switch.${n.name}Desc`)}</div>
              </div>
              <Form.Item name={n.name} noStyle rules={[{ required: true }]}>
                <InputNumber min={0} max={n.max} precision={0} style={{ width: 140 }} />
              </Form.Item>
            </div>
          ))}
        </Card>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} style={{ marginTop: 16 }}>
          {t('admin.common.save')}
        </Button>
      </Form>
    </div>
  );
}
