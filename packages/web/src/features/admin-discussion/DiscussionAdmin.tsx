import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DiscussionVo } from '@verdict/shared';
import { Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { adminDiscussionApi, adminDiscussionsQuery, discussionReportsQuery, type DiscussionReportVo } from './api';
import '../admin/admin.css';

const openInNewTab = (path: string) => window.open(path, '_blank', 'noopener');

/** Discussion list of the admin area: search, status select, pin switch (saved at once), delete, view. */
function Discussions() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    ...adminDiscussionsQuery(page, keyword),
    placeholderData: keepPreviousData,
  });
  const save = async (id: number, patch: { topPriority?: boolean; status?: number }) => {
    try { await adminDiscussionApi.update(id, patch); toast('success', t('adminDiscussion.updated')); } finally { void q.refetch(); }
  };
  const remove = (d: DiscussionVo) => modal.confirm({
    title: t('adminDiscussion.deleteConfirm'), content: d.title, okType: 'danger', okText: t('adminDiscussion.delete'),
    onOk: async () => { await adminDiscussionApi.remove([d.id]); toast('success', t('adminDiscussion.deleted')); void q.refetch(); },
  });
  return (
    <>
      <Space className="admin-toolbar" wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('adminDiscussion.search')} aria-label={t('adminDiscussion.search')} style={{ width: 280 }}
          onSearch={(v) => { setKeyword(v.trim()); setPage({ ...page, current: 1 }); }} />
      </Space>
      <Table<DiscussionVo> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.records ?? []} pagination={false} scroll={{ x: 900 }}
        columns={[
          { title: t('adminDiscussion.id'), dataIndex: 'id', width: 70 },
          { title: t('adminDiscussion.titleCol'), dataIndex: 'title', ellipsis: true },
          { title: t('adminDiscussion.author'), dataIndex: 'author', width: 120 },
          { title: t('adminDiscussion.likeNum'), dataIndex: 'likeNum', width: 80 },
          { title: t('adminDiscussion.viewNum'), dataIndex: 'viewNum', width: 80 },
          { title: t('adminDiscussion.created'), dataIndex: 'gmtCreate', width: 160, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          { title: t('adminDiscussion.status'), dataIndex: 'status', width: 120, render: (v: number, d) => (
            <Select size="small" value={v} style={{ width: 100 }} aria-label={t('adminDiscussion.status')} onChange={(s) => void save(d.id, { status: s })}
              options={[{ value: 0, label: t('adminDiscussion.normal') }, { value: 1, label: t('adminDiscussion.disabled') }]} />
          ) },
          { title: t('adminDiscussion.top'), dataIndex: 'topPriority', width: 80, render: (v: boolean, d) => (
            <Switch size="small" checked={v} aria-label={t('adminDiscussion.top')} onChange={(x) => void save(d.id, { topPriority: x })} />
          ) },
          { title: t('adminDiscussion.option'), key: 'op', width: 110, fixed: 'right', render: (_: unknown, d) => (
            <Space>
              <Button size="small" icon={<EyeOutlined />} aria-label={t('adminDiscussion.view')} onClick={() => openInNewTab(`/discussion-detail/${d.id}`)} />
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('adminDiscussion.delete')} onClick={() => remove(d)} />
            </Space>
          ) },
        ]} />
      <Pagination total={q.data?.total ?? 0} current={page.current} pageSize={page.size} onChange={(c, s) => setPage({ current: c, size: s })} />
    </>
  );
}

/** Reports: reporter, content, discussion link and a handled state. */
function Reports() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const q = useQuery({ ...discussionReportsQuery(page), placeholderData: keepPreviousData });
  const toggle = async (r: DiscussionReportVo) => {
    try { await adminDiscussionApi.handleReport(r.id, !r.status); toast('success', t('adminDiscussion.updated')); } finally { void q.refetch(); }
  };
  return (
    <>
      <Table<DiscussionReportVo> rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data?.records ?? []} pagination={false} scroll={{ x: 800 }}
        data-testid="report-table"
        columns={[
          { title: t('adminDiscussion.id'), dataIndex: 'id', width: 70 },
          { title: t('adminDiscussion.discussion'), dataIndex: 'discussionTitle', ellipsis: true, render: (v: string | null, r) => <a href={`/discussion-detail/${r.did}`} target="_blank" rel="noopener noreferrer">{v ?? r.did}</a> },
          { title: t('adminDiscussion.author'), dataIndex: 'discussionAuthor', width: 110 },
          { title: t('adminDiscussion.reporter'), dataIndex: 'reporter', width: 110 },
          { title: t('adminDiscussion.content'), dataIndex: 'content', ellipsis: true },
          { title: t('adminDiscussion.created'), dataIndex: 'gmtCreate', width: 160, render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          { title: t('adminDiscussion.status'), dataIndex: 'status', width: 190, render: (v: boolean, r) => (
            <Space>
              <Tag color={v ? 'green' : 'orange'}>{v ? t('adminDiscussion.handled') : t('adminDiscussion.pending')}</Tag>
              <Button size="small" onClick={() => void toggle(r)}>{v ? t('adminDiscussion.unhandle') : t('adminDiscussion.handle')}</Button>
            </Space>
          ) },
        ]} />
      <Pagination total={q.data?.total ?? 0} current={page.current} pageSize={page.size} onChange={(c, s) => setPage({ current: c, size: s })} />
    </>
  );
}

/** /admin/discussion (spec 03): the discussion list and the report list. */
export default function DiscussionAdmin() {
  const { t } = useTranslation();
  return (
    <Card title={t('adminDiscussion.title')}>
      <Tabs items={[
        { key: 'list', label: t('adminDiscussion.discussions'), children: <Discussions /> },
        { key: 'reports', label: t('adminDiscussion.reports'), children: <Reports /> },
      ]} />
    </Card>
  );
}
