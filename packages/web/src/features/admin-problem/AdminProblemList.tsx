import { useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination, LinkButton } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { adminProblemApi, adminProblemListQuery, type AdminProblemRow } from './api';

export const AUTH_OPTIONS = [
  { value: 1, key: 'public' },
  { value: 2, key: 'private' },
  { value: 3, key: 'contest' },
];

/** Admin problem list: search, auth switch, edit, download cases, delete with confirmation. */
export default function AdminProblemList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState<{ keyword?: string; auth?: number; currentPage: number; limit: number }>({ currentPage: 1, limit: 10 });
  const list = useQuery(adminProblemListQuery(q));

  const changeAuth = async (r: AdminProblemRow, auth: number) => {
    await adminProblemApi.changeAuth(r.id, auth);
    toast('success', t('adminProblem.updated'));
    void list.refetch();
  };
  const remove = (r: AdminProblemRow) => feedback.modal?.confirm({
    title: `${t('adminProblem.delete')} ${r.problemId}`, content: t('adminProblem.deleteConfirm'), okType: 'danger',
    onOk: async () => {
      await adminProblemApi.remove(r.id);
      toast('success', t('adminProblem.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card title={t('adminProblem.list')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/problem/create')}>{t('adminProblem.create')}</Button>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('adminProblem.search')} style={{ width: 280 }} onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} data-testid="admin-problem-search" />
        <Select allowClear aria-label={t('adminProblem.auth')} placeholder={t('adminProblem.allAuth')} style={{ width: 140 }} value={q.auth} onChange={(v) => setQ({ ...q, auth: v, currentPage: 1 })}
          options={AUTH_OPTIONS.map((o) => ({ value: o.value, label: t(`adminProblem.${o.key}`) }))} />
      </Space>
      <Table<AdminProblemRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { title: t('adminProblem.id'), dataIndex: 'id', width: 70 },
          { title: t('adminProblem.problemId'), dataIndex: 'problemId', width: 120 },
          { title: t('adminProblem.title'), dataIndex: 'title' },
          { title: t('adminProblem.author'), dataIndex: 'author', width: 110 },
          { title: t('adminProblem.created'), dataIndex: 'gmtCreate', width: 160, render: (v) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          { title: t('adminProblem.modifiedUser'), dataIndex: 'modifiedUser', width: 110 },
          {
            title: t('adminProblem.auth'), dataIndex: 'auth', width: 120,
            render: (v: number, r) => <Select size="small" aria-label={`${t('adminProblem.auth')} ${r.problemId}`} value={v} style={{ width: 100 }} onChange={(a) => changeAuth(r, a)} options={AUTH_OPTIONS.map((o) => ({ value: o.value, label: t(`adminProblem.${o.key}`) }))} />,
          },
          {
            title: t('adminProblem.option'), key: 'op', width: 170, render: (_: unknown, r) => (
              <Space size={2}>
                <Tooltip title={t('adminProblem.edit_')}><Button aria-label={t('adminProblem.edit_')} size="small" type="text" icon={<EditOutlined />} onClick={() => navigate(`/admin/problem/edit/${r.id}`)} data-testid={`edit-${r.problemId}`} /></Tooltip>
                <Tooltip title={t('adminProblem.view')}><LinkButton to={`/problem/${encodeURIComponent(r.problemId)}`} target="_blank" size="small" type="text" icon={<EyeOutlined />} aria-label={t('adminProblem.view')} /></Tooltip>
                {!r.isRemote && <Tooltip title={t('adminProblem.downloadCases')}><Button aria-label={t('adminProblem.downloadCases')} size="small" type="text" icon={<DownloadOutlined />} onClick={() => adminProblemApi.downloadCases(r.id, r.problemId)} /></Tooltip>}
                <Tooltip title={t('adminProblem.delete')}><Button aria-label={t('adminProblem.delete')} size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(r)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(currentPage, limit) => setQ({ ...q, currentPage: limit !== q.limit ? 1 : currentPage, limit })} />
    </Card>
  );
}
