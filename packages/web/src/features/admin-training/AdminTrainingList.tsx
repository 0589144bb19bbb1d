import { useState } from 'react';
import { Button, Card, Input, Space, Switch, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { CategoryTag, TrainingAuthTag } from '../training';
import { adminTrainingApi, adminTrainingListQuery, type AdminTrainingRow } from './api';

/** /admin/training: every site training; edit, problems, visibility and delete for its author or the super admin. */
export default function AdminTrainingList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState<{ keyword?: string; currentPage: number; limit: number }>({ currentPage: 1, limit: 10 });
  const list = useQuery(adminTrainingListQuery(q));

  const setStatus = async (r: AdminTrainingRow, v: boolean) => {
    await adminTrainingApi.setStatus(r.id, v, r.author);
    toast('success', t('adminTraining.updated'));
    void list.refetch();
  };
  const remove = (r: AdminTrainingRow) => feedback.modal?.confirm({
    title: `${t('adminTraining.delete')} ${r.title}`, content: t('adminTraining.deleteConfirm'), okType: 'danger',
    onOk: async () => {
      await adminTrainingApi.remove(r.id);
      toast('success', t('adminTraining.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card
      title={t('adminTraining.list')}
      extra={
        <Space wrap>
          <Input.Search allowClear maxLength={200} placeholder={t('adminTraining.keyword')} onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/training/create')}>{t('adminTraining.create')}</Button>
        </Space>
      }
    >
      <Table<AdminTrainingRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'admin-training-row', 'data-title': r.title }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('adminTraining.id'), dataIndex: 'id', width: 70 },
          { title: t('adminTraining.rank'), dataIndex: 'rank', width: 80 },
          { title: t('adminTraining.title'), dataIndex: 'title' },
          { title: t('adminTraining.auth'), render: (_, r) => <TrainingAuthTag auth={r.auth} /> },
          { title: t('adminTraining.category'), render: (_, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} /> },
          { title: t('adminTraining.author'), dataIndex: 'author' },
          { title: t('adminTraining.modified'), render: (_, r) => dayjs(r.gmtModified).format('YYYY-MM-DD HH:mm') },
          { title: t('adminTraining.visible'), render: (_, r) => <Switch checked={r.status} onChange={(v) => void setStatus(r, v)} data-testid="training-visible" /> },
          {
            title: t('adminTraining.option'), fixed: 'right',
            render: (_, r) => (
              <Space>
                <Tooltip title={t('adminTraining.edit')}><Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/admin/training/${r.id}/edit`)} /></Tooltip>
                <Tooltip title={t('adminTraining.problems')}><Button size="small" icon={<UnorderedListOutlined />} onClick={() => navigate(`/admin/training/${r.id}/problems`)} data-testid="training-problems" /></Tooltip>
                <Tooltip title={t('adminTraining.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Card>
  );
}
