import { useEffect, useState } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '@verdict/shared';
import { msg } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { MarkdownField } from '../common/MarkdownField';
import { announcementAdminApi } from './api';

interface Values { title: string; content: string; visible: boolean }

/** Create (row = 'new') or edit an announcement: title and markdown content required (spec 03 §5). */
export function AnnouncementDialog({ row, onClose, onSaved }: { row: AnnouncementRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (row === 'new') form.setFieldsValue({ title: '', content: '', visible: true });
    else if (row) form.setFieldsValue({ title: row.title, content: row.content, visible: row.status === 0 });
  }, [row, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body = { title: v.title.trim(), content: v.content, status: v.visible ? 0 : 1 };
    setBusy(true);
    try {
      if (row === 'new') await announcementAdminApi.create(body);
      else if (row) await announcementAdminApi.update(row.id, body);
      toast('success', row === 'new' ? t('admin.common.created') : t('admin.common.updated'));
      onSaved();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!row}
      title={row === 'new' ? t('admin.announcement.create') : t('admin.announcement.edit')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
      width={820}
      okText={t('admin.common.save')}
    >
      <Form form={form} layout="vertical" data-testid="announcement-form">
        <Form.Item name="title" label={t('admin.common.title')} rules={[{ required: true, whitespace: true, message: msg('titleRequired') }, { max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('admin.common.content')} rules={[{ required: true, whitespace: true, message: msg('contentEmpty') }, { max: 65535 }]}>
          <MarkdownField testId="announcement-content" />
        </Form.Item>
        <Form.Item name="visible" label={t('admin.common.visible')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
