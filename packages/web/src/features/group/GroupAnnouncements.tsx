import { useState } from 'react';
import { Button, Card, Space, Switch, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { TitleContentDialog, type TitleContentValues } from '../admin';
import { announcementTableQuery, type GroupAnnouncement } from './api';
import { useGroup } from './context';

/** Where an announcement table reads and writes: the group's own, or one group contest's. */
export interface AnnouncementStore {
  key: readonly unknown[];
  list: (page: number, limit: number) => Promise<{ records: GroupAnnouncement[]; total: number }>;
  create: (v: { title: string; content: string; status: number }) => Promise<unknown>;
  update: (a: GroupAnnouncement, v: { title: string; content: string; status: number }) => Promise<unknown>;
  remove: (a: GroupAnnouncement) => Promise<unknown>;
}

/**
 * Announcement table (spec 03 §2.3): create, edit, delete and a visibility switch that re-saves the
 * announcement; rows are editable by the group root or their author. Used for the group and for group contests.
 */
export function AnnouncementTable({ store, pageSize, title, extra }: { store: AnnouncementStore; pageSize: number; title: string; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSize);
  const [editing, setEditing] = useState<{ row: GroupAnnouncement | null; values: TitleContentValues } | null>(null);
  const list = useQuery({ ...announcementTableQuery(store, page, limit), placeholderData: keepPreviousData });
  const mayEdit = (a: GroupAnnouncement) => g.isRoot || String(a.uid) === String(g.uid);
  const toggle = async (a: GroupAnnouncement, visible: boolean) => {
    await store.update(a, { title: a.title, content: a.content, status: visible ? 0 : 1 });
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (a: GroupAnnouncement) => feedback.modal?.confirm({
    title: t('group.delete'), content: t('group.deleteAnnouncementConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await store.remove(a);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  return (
    <Card title={title} extra={
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null, values: { title: '', content: '', visible: true } })} data-testid="announcement-create">{t('group.create')}</Button>
        {extra}
      </Space>
    }>
      <Table<GroupAnnouncement>
        rowKey="id" size="middle" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('group.aTitle'), dataIndex: 'title' },
          { title: t('group.createdAt'), render: (_, a) => dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm'), responsive: ['md'] },
          { title: t('group.author'), dataIndex: 'username', responsive: ['sm'] },
          {
            title: t('group.visible'), render: (_, a) => <Switch size="small" checked={a.status === 0} disabled={!mayEdit(a)} onChange={(v) => void toggle(a, v)} aria-label={t('group.visible')} />,
          },
          {
            title: t('group.option'), render: (_, a) => mayEdit(a) && (
              <Space>
                <Tooltip title={t('group.edit')}><Button size="small" icon={<EditOutlined />} aria-label={t('group.edit')}
                  onClick={() => setEditing({ row: a, values: { title: a.title, content: a.content, visible: a.status === 0 } })} /></Tooltip>
                <Tooltip title={t('group.delete')}><Button size="small" danger icon={<DeleteOutlined />} aria-label={t('group.delete')} onClick={() => remove(a)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
      <TitleContentDialog
        initial={editing?.values ?? null}
        isNew={!editing?.row}
        titles={{ create: t('group.createAnnouncement'), edit: t('group.editAnnouncement') }}
        successText={editing?.row ? t('group.updated') : t('group.created')}
        withVisible
        testId="group-announcement-form"
        submit={(v) => {
          const body = { title: v.title, content: v.content, status: v.visible ? 0 : 1 };
          return editing?.row ? store.update(editing.row, body) : store.create(body);
        }}
        onClose={() => setEditing(null)}
        onSaved={() => void list.refetch()}
      />
    </Card>
  );
}
