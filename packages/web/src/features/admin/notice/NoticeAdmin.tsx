import { useMemo, useState } from 'react';
import { App, Button, Card, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, NotificationOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toast } from '../../../lib/feedback';
import { Pagination } from '../../../components';
import { TitleContentDialog } from '../common/TitleContentDialog';
import { adminNoticesQuery, noticeAdminApi, type NoticeRow } from './api';
import '../admin.css';

function NoticeDialog({ row, onClose, onSaved }: { row: NoticeRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  // Memoised: the dialog refills its form whenever `initial` changes identity.
  const initial = useMemo(() => (row === 'new' ? { title: '', content: '', visible: true } : row ? { title: row.title, content: row.content, visible: true } : null), [row]);
  return (
    <TitleContentDialog
      initial={initial}
      isNew={row === 'new'}
      titles={{ create: t('admin.notice.create'), edit: t('admin.notice.edit') }}
      okText={row === 'new' ? t('admin.notice.send') : t('admin.common.save')}
      successText={row === 'new' ? t('admin.notice.sent') : t('admin.common.updated')}
      testId="notice-form"
      submit={(v) => (row === 'new' ? noticeAdminApi.create({ title: v.title, content: v.content }) : noticeAdminApi.update((row as NoticeRow).id, { title: v.title, content: v.content }))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** /admin/notice (super admin): system notices pushed to every user's system messages. */
export default function NoticeAdmin() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const q = useQuery({ ...adminNoticesQuery(page), placeholderData: keepPreviousData });
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
