import { useState } from 'react';
import { Button, Card, ColorPicker, Input, Modal, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProblemListRow } from '@verdict/shared';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';

import { addPublicProblemsQuery, adminContestProblemApi, adminContestProblemsQuery, type AdminContestProblem } from './api';

/** /admin/contest/{id}/problems: display IDs, balloon colours, add from public, create a contest-only problem, edit, remove with confirmation. */
export default function AdminContestProblems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cid = Number(useParams().contestId);
  const list = useQuery(adminContestProblemsQuery(cid));
  const [adding, setAdding] = useState(false);

  const update = async (p: AdminContestProblem, patch: Partial<AdminContestProblem>) => {
    await adminContestProblemApi.update({ cid, pid: p.pid, displayId: patch.displayId ?? p.displayId, displayTitle: patch.displayTitle ?? p.displayTitle, color: patch.color !== undefined ? patch.color : p.color });
    toast('success', t('adminContest.updated'));
    void list.refetch();
  };
  const remove = (p: AdminContestProblem) => feedback.modal?.confirm({
    title: `${t('adminContest.remove')} ${p.displayId}`, content: t('adminContest.removeConfirm'), okType: 'danger',
    onOk: async () => {
      await adminContestProblemApi.remove(cid, p.pid);
      toast('success', t('adminContest.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card
      title={`${t('adminContest.problemList')} #${cid}`}
      extra={
        <Space>
          <Button type="primary" icon={<FileAddOutlined />} onClick={() => navigate(`/admin/contest/${cid}/problem/create`)} data-testid="create-contest-problem">{t('adminContest.createProblem')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-from-public">{t('adminContest.addFromPublic')}</Button>
          <Button onClick={() => navigate('/admin/contest')}>{t('adminContest.back')}</Button>
        </Space>
      }
    >
      <Table<AdminContestProblem> scroll={{ x: 'max-content' }}
        rowKey="id" loading={list.isLoading} dataSource={list.data ?? []} pagination={false}
        columns={[
          { title: t('adminContest.problemId'), dataIndex: 'problemId' },
          { title: t('adminContest.displayId'), render: (_, p) => <Input key={p.displayId} defaultValue={p.displayId} style={{ width: 100 }} onBlur={(e) => e.target.value.trim() !== p.displayId && void update(p, { displayId: e.target.value.trim() })} /> },
          { title: t('adminContest.displayTitle'), render: (_, p) => <Input key={p.displayTitle} defaultValue={p.displayTitle} onBlur={(e) => e.target.value.trim() !== p.displayTitle && void update(p, { displayTitle: e.target.value.trim() })} /> },
          { title: t('adminContest.color'), render: (_, p) => <ColorPicker value={p.color ?? undefined} allowClear onChangeComplete={(c) => void update(p, { color: c.toHexString() })} onClear={() => void update(p, { color: null })} /> },
          {
            title: t('adminContest.option'), render: (_, p) => (
              <Space>
                <Tooltip title={t('adminContest.editProblem')}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/admin/contest/${cid}/problem/${p.pid}/edit`)} aria-label={t('adminContest.editProblem')} data-testid={`edit-contest-problem-${p.displayId}`} />
                </Tooltip>
                <Tooltip title={t('adminContest.remove')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(p)} aria-label={t('adminContest.remove')} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <AddFromPublic cid={cid} open={adding} onClose={() => setAdding(false)} onAdded={() => void list.refetch()} />
    </Card>
  );
}

function AddFromPublic({ cid, open, onClose, onAdded }: { cid: number; open: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState({ keyword: '', currentPage: 1, limit: 10 });
  const [ids, setIds] = useState<Record<number, string>>({});
  const problems = useQuery({ ...addPublicProblemsQuery(q), enabled: open });
  const add = async (p: ProblemListRow) => {
    const displayId = (ids[p.pid] ?? '').trim();
    if (!displayId) return toast('error', t('adminContest.displayIdRequired'));
    await adminContestProblemApi.addFromPublic({ cid, pid: p.pid, displayId });
    toast('success', t('adminContest.added'));
    onAdded();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={760} title={t('adminContest.addFromPublic')}>
      <Input.Search allowClear placeholder={t('adminContest.searchProblem')} onSearch={(v) => setQ({ ...q, keyword: v.trim(), currentPage: 1 })} style={{ marginBottom: 8 }} />
      <Table<ProblemListRow> scroll={{ x: 'max-content' }}
        rowKey="pid" size="small" loading={problems.isLoading} dataSource={problems.data?.records ?? []} pagination={false}
        columns={[
          { title: t('adminContest.problemId'), dataIndex: 'problemId' },
          { title: t('adminContest.title'), dataIndex: 'title' },
          { title: t('adminContest.displayId'), render: (_, p) => <Input size="small" style={{ width: 90 }} value={ids[p.pid] ?? ''} onChange={(e) => setIds({ ...ids, [p.pid]: e.target.value })} data-testid={`display-id-${p.problemId}`} /> },
          { title: '', render: (_, p) => <Button size="small" type="primary" onClick={() => void add(p)}>{t('adminContest.add')}</Button> },
        ]}
      />
      <Pagination total={problems.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} showSizeChanger={false} onChange={(p) => setQ({ ...q, currentPage: p })} />
    </Modal>
  );
}
