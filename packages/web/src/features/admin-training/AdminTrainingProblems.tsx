import { useState } from 'react';
import { Button, Card, Input, InputNumber, Modal, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { adminTrainingApi, adminTrainingProblemsQuery, type AdminProblemRow, type TrainingProblemLink } from './api';

/** /admin/training/{id}/problems: the training's problems in order; add from public by ID or search, set order and display ID, remove. */
export default function AdminTrainingProblems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tid = Number(useParams().trainingId);
  const [q, setQ] = useState({ currentPage: 1, limit: 30 });
  const query = { tid, ...q, queryExisted: true };
  const list = useQuery(adminTrainingProblemsQuery(query));
  const [adding, setAdding] = useState(false);
  const link = (p: AdminProblemRow): TrainingProblemLink | undefined => list.data?.trainingProblemMap[String(p.id)];

  const update = async (p: AdminProblemRow, patch: { rank?: number; displayId?: string }) => {
    const l = link(p);
    if (!l) return;
    await adminTrainingApi.updateProblem({ id: l.id, tid, pid: p.id, rank: patch.rank ?? l.rank, displayId: patch.displayId ?? l.displayId });
    toast('success', t('adminTraining.updated'));
    void list.refetch();
  };
  const remove = (p: AdminProblemRow) => feedback.modal?.confirm({
    title: `${t('adminTraining.remove')} ${p.problemId}`, content: t('adminTraining.removeConfirm'), okType: 'danger',
    onOk: async () => {
      await adminTrainingApi.removeProblem(tid, p.id);
      toast('success', t('adminTraining.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card
      title={`${t('adminTraining.problemList')} #${tid}`}
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-from-public">{t('adminTraining.addFromPublic')}</Button>
          <Button onClick={() => navigate('/admin/training')}>{t('adminTraining.back')}</Button>
        </Space>
      }
    >
      <Table<AdminProblemRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.problemList.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        onRow={(p) => ({ 'data-testid': 'admin-training-problem', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('adminTraining.problemId'), dataIndex: 'problemId' },
          { title: t('adminTraining.title'), dataIndex: 'title' },
          {
            title: t('adminTraining.order'),
            render: (_, p) => <InputNumber key={link(p)?.rank} min={0} precision={0} defaultValue={link(p)?.rank} style={{ width: 90 }}
              onBlur={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 0 && v !== link(p)?.rank) void update(p, { rank: v }); }} />,
          },
          {
            title: t('adminTraining.displayId'),
            render: (_, p) => <Input key={link(p)?.displayId} defaultValue={link(p)?.displayId} maxLength={50} style={{ width: 120 }}
              onBlur={(e) => { const v = e.target.value.trim(); if (v && v !== link(p)?.displayId) void update(p, { displayId: v }); }} />,
          },
          {
            title: t('adminTraining.option'),
            render: (_, p) => <Tooltip title={t('adminTraining.remove')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(p)} /></Tooltip>,
          },
        ]}
      />
      <Pagination total={list.data?.problemList.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ currentPage: p, limit: s })} />
      <AddFromPublic tid={tid} open={adding} onClose={() => { setAdding(false); void list.refetch(); }} />
    </Card>
  );
}

/** Public problems not yet in the training, searchable by ID or title; "Add" puts one at the end. */
function AddFromPublic({ tid, open, onClose }: { tid: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ currentPage: number; limit: number; keyword?: string }>({ currentPage: 1, limit: 10 });
  const query = { tid, ...q, queryExisted: false };
  const list = useQuery({ ...adminTrainingProblemsQuery(query), enabled: open });
  const add = async (p: AdminProblemRow) => {
    await adminTrainingApi.addFromPublic({ tid, pid: p.id, displayId: p.problemId });
    toast('success', t('adminTraining.added'));
    void list.refetch();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('adminTraining.addFromPublic')} width={760} destroyOnHidden>
      <Input.Search allowClear maxLength={200} placeholder={t('adminTraining.searchProblem')} style={{ marginBottom: 12 }}
        onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} data-testid="add-problem-search" />
      <Table<AdminProblemRow>
        rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.problemList.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        columns={[
          { title: t('adminTraining.problemId'), dataIndex: 'problemId' },
          { title: t('adminTraining.title'), dataIndex: 'title' },
          { title: '', render: (_, p) => <Button size="small" type="primary" onClick={() => void add(p)} data-testid="add-problem" data-pid={p.problemId}>{t('adminTraining.add')}</Button> },
        ]}
      />
      <Pagination total={list.data?.problemList.total ?? 0} current={q.currentPage} pageSize={q.limit} sizes={[10, 30, 50, 100]} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Modal>
  );
}
