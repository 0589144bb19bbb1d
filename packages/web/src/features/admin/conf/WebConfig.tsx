import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_MAX, LIMITS, type WebConfig as WebConfigValues } from '@verdict/shared';
import { msg } from '../../../i18n';
import { showError, toast } from '../../../lib/feedback';
import { invalidateSiteConfig } from '../../../stores/site';
import { carouselPicturesQuery, confApi, webConfigQuery } from './api';

type TextValues = Omit<WebConfigValues, 'carousel'>;
const TEXT_FIELDS: { name: keyof TextValues; max: number; required?: boolean; wide?: boolean }[] = [
  { name: 'name', max: 50, required: true },
  { name: 'shortName', max: 20, required: true },
  { name: 'description', max: 500, wide: true },
  { name: 'recordName', max: 100 },
  { name: 'recordUrl', max: 255 },
  { name: 'projectName', max: 100 },
  { name: 'projectUrl', max: 255 },
  { name: 'baseUrl', max: 255, wide: true },
];

/** Site name, short name, description, record line, project link and the home carousel pictures. */
export function WebConfig() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<TextValues>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const q = useQuery(webConfigQuery());
  const pictures = useQuery(carouselPicturesQuery());
  const carousel = (pictures.data ?? []).map((p) => p.url);

  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  const siteChanged = () => {
    void q.refetch();
    void pictures.refetch();
    void invalidateSiteConfig(qc);
  };
  const save = async (v: TextValues) => {
    setSaving(true);
    try {
      await confApi.setWeb(v);
      toast('success', t('admin.common.updated'));
      siteChanged();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!LIMITS.avatarTypes.includes(ext)) return showError(msg('fileTypeNotSupport'));
    if (file.size > LIMITS.avatarMaxBytes) return showError(msg('exceedMaxSize'));
    setUploading(true);
    try {
      await confApi.uploadCarousel(file);
      toast('success', t('admin.conf.carouselUploaded'));
      siteChanged();
    } catch {
      // shown by the request layer
    } finally {
      setUploading(false);
    }
  };
  const remove = (link: string) =>
    modal.confirm({
      title: t('admin.conf.carouselDeleteConfirm'),
      okType: 'danger',
      okText: t('admin.common.delete'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        try {
          await confApi.deleteCarousel(link);
          toast('success', t('admin.common.deleted'));
          siteChanged();
        } catch {
          // shown by the request layer
        }
      },
    });

  return (
    <Card title={t('admin.conf.webTitle')} loading={q.isLoading} data-testid="web-config">
      <Form form={form} layout="vertical" onFinish={save}>
        <Row gutter={16}>
          {TEXT_FIELDS.map((f) => (
            <Col xs={24} md={f.wide ? 24 : 12} key={f.name}>
              <Form.Item
                name={f.name}
                label={t(`admin.conf.web.${f.name}`)}
                rules={[...(f.required ? [{ required: true, whitespace: true, message: t('admin.conf.required', { field: t(`admin.conf.web.${f.name}`) }) }] : []), { max: f.max, message: t('admin.conf.tooLong', { n: f.max }) }]}
              >
                {f.wide ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} /> : <Input />}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item label={t('admin.conf.carousel')} extra={t('admin.conf.carouselHint', { n: CAROUSEL_MAX })}>
          <div className="admin-carousel-list" data-testid="carousel-list">
            {carousel.map((link) => (
              <div className="admin-carousel-item" key={link}>
                <img src={link} alt="" />
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(link)} aria-label={t('admin.common.delete')} />
              </div>
            ))}
            {carousel.length < CAROUSEL_MAX && (
              <Button className="admin-carousel-item" type="dashed" loading={uploading} icon={<PlusOutlined />} onClick={() => input.current?.click()}>
                {t('admin.conf.addCarousel')}
              </Button>
            )}
          </div>
          <input
            ref={input}
            type="file"
            style={{ display: 'none' }}
            accept=".gif,.jpg,.jpeg,.png,.bmp,.webp"
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
          {t('admin.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
