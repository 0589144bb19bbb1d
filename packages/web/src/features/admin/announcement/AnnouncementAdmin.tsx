import { useState } from 'react';
import { App, Button, Card, Space, Switch, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AnnouncementRow } from '@verdict/shared';
import { toast } from '../../../lib/feedback';
import { Pagination } from '../../../components';
import { adminAnnouncementsQuery, announcementAdminApi } from './api';
import { AnnouncementDialog } from './AnnouncementDialog';
import '../admin.css';

/** /admin/announcement (super admin): site announcements shown on the home page. */
export default function AnnouncementAdmin() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<AnnouncementRow | 'new' | null>(null);
  const q = useQuery({
    ...adminAnnouncementsQuery(page),
    placeholderData: keepPreviousData,
  });

  const toggle = async (r: AnnouncementRow, visible: boolean) => {
    try {
      await announcementAdminApi.update(r.id, { title: r.title, content: r.content, status: visible ? 0 : 1 });
      toast('success', t('admin.common.updated'));
      void q.refetch();
    } catch {
      // shown by the request layer
    }
  };
  const remove = (r: AnnouncementRow) =>
    modal.confirm({
      title: t('admin.announcement.deleteConfirm'),
      content: r.title,
      okType: 'danger',
      okText: t('admin.common.delete'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        try {
          await announcementAdminApi.remove(r.id);
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
        title={t('admin.announcement.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="announcement-create">
            {t('admin.common.create')}
          </Button>
        }
      >
        <div className="admin-table-wrap">
          <Table<AnnouncementRow>
            rowKey="id"
            loading={q.isFetching}
            dataSource={q.data?.records ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: t('admin.common.title'), dataIndex: 'title', ellipsis: true },
              { title: t('admin.common.author'), dataIndex: 'username' },
              { title: t('admin.common.createdAt'), dataIndex: 'gmtCreate', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              { title: t('admin.common.modifiedAt'), dataIndex: 'gmtModified', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              { title: t('admin.common.visible'), dataIndex: 'status', render: (v: number, r) => <Switch size="small" aria-label={`${t('admin.common.visible')}: ${r.title}`} checked={v === 0} onChange={(on) => void toggle(r, on)} /> },
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
      <AnnouncementDialog row={editing} onClose={() => setEditing(null)} onSaved={() => void q.refetch()} />
    </div>
  );
}
