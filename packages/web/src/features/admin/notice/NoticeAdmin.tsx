import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, NotificationOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { msg } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { Pagination } from '../../../components';
import { MarkdownField } from '../common/MarkdownField';
import { noticeAdminApi, type NoticeInput, type NoticeRow } from './api';
import '../admin.css';

function NoticeDialog({ row, onClose, onSaved }: { row: NoticeRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NoticeInput>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (row) form.setFieldsValue(row === 'new' ? { title: '', content: '' } : { title: row.title, content: row.content });
  }, [row, form]);
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (row === 'new') await noticeAdminApi.create({ title: v.title.trim(), content: v.content });
      else if (row) await noticeAdminApi.update(row.id, { title: v.title.trim(), content: v.content });
      toast('success', row === 'new' ? t('admin.notice.sent') : t('admin.common.updated'));
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
      title={row === 'new' ? t('admin.notice.create') : t('admin.notice.edit')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
      width={820}
      okText={row === 'new' ? t('admin.notice.send') : t('admin.common.save')}
    >
      <Form form={form} layout="vertical" data-testid="notice-form">
        <Form.Item name="title" label={t('admin.common.title')} rules={[{ required: true, whitespace: true, message: msg('titleRequired') }, { max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('admin.common.content')} rules={[{ required: true, whitespace: true, message: msg('contentEmpty') }, { max: 65535 }]}>
          <MarkdownField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/notice (super admin): system notices pushed to every user's system messages. */
export default function NoticeAdmin() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const q = useQuery({ queryKey: ['admin', 'notices', page], queryFn: () => noticeAdminApi.list(page.current, page.size), placeholderData: keepPreviousData });
  const remove = (r: NoticeRow) =>
    modal.confirm({
      title: t('admin.notice.deleteConfirm'),
      content: r.title,
      okType: 'danger',
      okText: t('admin.common.delete'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        try {
          await noticeAdminApi.remove(r.id);
          toast('success', t('admin.common.deleted'));
          void q.refetch();
        } catch {
          // shown by the request layer
        }
      },
    });

  return (
    <div className="admin-page">
      <Card
        title={t('admin.notice.title')}
        extra={
          <Button type="primary" icon={<NotificationOutlined />} onClick={() => setEditing('new')} data-testid="notice-create">
            {t('admin.notice.create')}
          </Button>
        }
      >
        <div className="admin-muted" style={{ marginBottom: 12 }}>{t('admin.notice.help')}</div>
        <div className="admin-table-wrap">
          <Table<NoticeRow>
            rowKey="id"
            loading={q.isFetching}
            dataSource={q.data?.records ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: t('admin.common.title'), dataIndex: 'title', ellipsis: true },
              { title: t('admin.common.author'), dataIndex: 'username' },
              { title: t('admin.notice.recipients'), dataIndex: 'recipients', width: 110 },
              { title: t('admin.common.createdAt'), dataIndex: 'gmtCreate', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              {
                title: t('admin.common.actions'),
                width: 110,
                render: (_, r) => (
                  <Space>
                    <Tooltip title={t('admin.common.edit')}>
                      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('admin.common.edit')} />
                    </Tooltip>
                    <Tooltip title={t('admin.common.delete')}>
                      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} aria-label={t('admin.common.delete')} />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        </div>
        <Pagination total={q.data?.total ?? 0} current={page.current} pageSize={page.size} onChange={(current, size) => setPage({ current, size })} />
      </Card>
      <NoticeDialog row={editing} onClose={() => setEditing(null)} onSaved={() => void q.refetch()} />
    </div>
  );
}
