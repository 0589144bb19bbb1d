import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Divider, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import { MailOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EmailConfigBody } from '@verdict/shared';
import { msg } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { confApi, emailConfigQuery } from './api';

/** SMTP settings (the password is never shown; blank keeps it) and a test mail to any address. */
export function EmailConfig() {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailConfigBody>();
  const [testForm] = Form.useForm<{ email: string }>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const q = useQuery(emailConfigQuery());

  useEffect(() => {
    if (q.data) {
      const d = q.data;
      form.setFieldsValue({ emailHost: d.emailHost, emailPort: d.emailPort || 465, emailSsl: d.emailSsl, emailUsername: d.emailUsername, emailBGImg: d.emailBGImg, from: d.from, emailPassword: '' });
    }
  }, [q.data, form]);

  const save = async (v: EmailConfigBody) => {
    setSaving(true);
    try {
      await confApi.setEmail({
        ...v, emailHost: v.emailHost.trim(), emailUsername: v.emailUsername?.trim() ?? '', from: v.from?.trim() ?? '', emailPassword: v.emailPassword ?? '', emailBGImg: v.emailBGImg?.trim() ?? '',
      });
      toast('success', t('admin.common.updated'));
      void q.refetch();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const test = async ({ email }: { email: string }) => {
    setTesting(true);
    try {
      await confApi.testEmail(email.trim());
      toast('success', t('admin.conf.testSent', { email }));
    } catch {
      // shown by the request layer
    } finally {
      setTesting(false);
    }
  };

  const status = q.data;
  return (
    <Card title={t('admin.conf.emailTitle')} loading={q.isLoading} data-testid="email-config">
      {status && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          type={status.configured ? 'success' : 'warning'}
          message={status.configured ? t(`admin.conf.mailSource.${status.source}`) : t('admin.conf.mailNotConfigured')}
        />
      )}
      <Form form={form} layout="vertical" onFinish={save}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="emailHost" label={t('admin.conf.host')} rules={[{ required: true, whitespace: true, message: t('admin.conf.hostRequired') }, { max: 255 }]}>
              <Input placeholder="smtp.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="emailPort" label={t('admin.conf.port')} rules={[{ required: true, message: t('admin.conf.portRequired') }]}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="emailSsl" label={t('admin.conf.secure')} valuePropName="checked" initialValue={true}>
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="emailUsername" label={t('admin.conf.smtpUser')} rules={[{ max: 255 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="emailPassword" label={t('admin.conf.smtpPassword')} extra={status?.hasPassword ? t('admin.conf.passwordKept') : undefined} rules={[{ max: 255 }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="from" label={t('admin.conf.from')} rules={[{ max: 255 }]}>
              <Input placeholder="Verdict <noreply@example.com>" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="emailBGImg" label={t('admin.conf.emailBGImg')} extra={t('admin.conf.emailBGImgHint')} rules={[{ max: 500 }]}>
              <Input placeholder="https://example.com/mail-background.png" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
          {t('admin.common.save')}
        </Button>
      </Form>
      <Divider orientation="left" plain>
        {t('admin.conf.testTitle')}
      </Divider>
      <Form form={testForm} layout="inline" onFinish={test} data-testid="test-email-form">
        <Form.Item name="email" rules={[{ required: true, whitespace: true, message: msg('emailRequired') }, { type: 'email', message: msg('emailInvalid') }]}>
          <Input prefix={<MailOutlined />} placeholder={t('admin.conf.testTo')} style={{ width: 280 }} />
        </Form.Item>
        <Space>
          <Button htmlType="submit" loading={testing}>
            {t('admin.conf.sendTest')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
