import { useState } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { DownloadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type GenerateUserResult } from '@verdict/shared';
import { msg } from '../../../i18n/messages';
import { toast } from '../../../lib/feedback';
import { userAdminApi, type GenerateBody } from './api';

/**
 * Generates accounts prefix + number + suffix for every number of a range, each with a random
 * password of the chosen length (6-25); the list of passwords is downloaded afterwards.
 */
export function GenerateUsers({ onGenerated }: { onGenerated: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateBody>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<GenerateUserResult | null>(null);
  const v = Form.useWatch([], form) as Partial<GenerateBody> | undefined;
  const example = v && v.numberFrom !== undefined && v.numberFrom !== null ? `${v.prefix ?? ''}${v.numberFrom}${v.suffix ?? ''}` : '';

  const submit = async (body: GenerateBody) => {
    setBusy(true);
    try {
      const r = await userAdminApi.generate({ ...body, prefix: body.prefix ?? '', suffix: body.suffix ?? '' });
      setResult(r);
      toast('success', t('admin.user.gen.done', { n: r.inserted }));
      onGenerated();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="generate-users">
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ prefix: '', suffix: '', passwordLength: 8 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="prefix" label={t('admin.user.gen.prefix')} rules={[{ max: 20 }]}>
              <Input placeholder="team" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="suffix" label={t('admin.user.gen.suffix')} rules={[{ max: 20 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="numberFrom" label={t('admin.user.gen.from')} rules={[{ required: true, message: t('admin.user.gen.fromRequired') }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="numberTo"
              label={t('admin.user.gen.to')}
              dependencies={['numberFrom']}
              rules={[
                { required: true, message: t('admin.user.gen.toRequired') },
                ({ getFieldValue }) => ({
                  validator: (_, val) =>
                    val === undefined || val === null || getFieldValue('numberFrom') === undefined || val >= getFieldValue('numberFrom')
                      ? Promise.resolve()
                      : Promise.reject(new Error(msg('generateRangeInvalid'))),
                }),
              ]}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="passwordLength"
              label={t('admin.user.gen.passwordLength')}
              rules={[
                { required: true, message: t('admin.user.passwordRange') },
                { type: 'number', min: LIMITS.generatedPasswordMin, max: LIMITS.generatedPasswordMax, message: t('admin.user.passwordRange') },
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {example && <div className="admin-muted" style={{ marginBottom: 12 }}>{t('admin.user.gen.example', { name: example })}</div>}
        <Button type="primary" htmlType="submit" icon={<UsergroupAddOutlined />} loading={busy} data-testid="generate-submit">
          {t('admin.user.gen.submit')}
        </Button>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.skipped.length ? 'warning' : 'success'}
          showIcon
          data-testid="generate-result"
          message={t('admin.user.gen.result', { inserted: result.inserted, skipped: result.skipped.length })}
          description={
            <>
              {result.skipped.length > 0 && <div>{t('admin.user.gen.skippedNames', { names: result.skipped.join(', ') })}</div>}
              <Button icon={<DownloadOutlined />} style={{ marginTop: 8 }} onClick={() => void userAdminApi.downloadGenerated(result.key).catch(() => {})} data-testid="generate-download">
                {t('admin.user.gen.download')}
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}
