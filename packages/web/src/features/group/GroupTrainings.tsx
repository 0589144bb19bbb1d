import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, InputNumber, Modal, Progress, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, OrderedListOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EmptyState, PageLoading, Pagination } from '../../components';
import { feedback, showError, toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { CategoryTag, TrainingAuthTag } from '../training';
import { TrainingView } from '../training';
import type { TrainingFormScope } from '../admin-training';
import { groupAdminTrainingsQuery, groupApi, groupKeys, groupTrainingProblemsQuery, groupTrainingsQuery, publicPickerQuery, type GroupProblemRow, type GroupTrainingRow } from './api';
import { useGroup } from './context';
import { mayManageTraining } from './rules';
import { GROUP_PAGE } from './limits';
import { GroupAdminToolbar } from './GroupAdminToolbar';

const TrainingForm = lazy(() => import('../admin-training/TrainingForm'));

/** /group/{id}/training: the list; group admins get the admin list (?view=admin), create/edit (?view=create, ?edit=tid) and problems (?problems=tid). */
export function GroupTrainings() {
  const { t } = useTranslation();
  const g = useGroup();
  const [sp, setSp] = useSearchParams();
  const canAdmin = g.isAdmin || g.isSuperAdmin;
  const view = sp.get('problems') ? 'problems' : sp.get('edit') ? 'edit' : sp.get('view') ?? 'list';

  if (canAdmin && (view === 'create' || view === 'edit')) {
    const tid = Number(sp.get('edit')) || undefined;
    const scope: TrainingFormScope = {
      tid,
      load: (id) => groupApi.training(id),
      create: (d) => groupApi.addTraining({ ...d, training: { ...d.training, gid: g.gid } }),
      update: (d) => groupApi.updateTraining({ ...d, training: { ...d.training, gid: g.gid } }),
      done: () => setSp({ view: 'admin' }),
    };
    return <Suspense fallback={<PageLoading />}><TrainingForm key={tid ?? 'create'} scope={scope} /></Suspense>;
  }
  if (canAdmin && view === 'problems') return <GroupTrainingProblemAdmin tid={Number(sp.get('problems'))} onBack={() => setSp({ view: 'admin' })} />;

  return (
    <Card
      title={t('group.tab.trainings')}
      extra={canAdmin && (
        <GroupAdminToolbar admin={view === 'admin'} adminLabel={t('group.trainingAdmin')} testId="group-training"
          onToggle={() => setSp(view === 'admin' ? {} : { view: 'admin' })} onCreate={() => setSp({ view: 'create' })} />
      )}
    >
      {view === 'admin' && canAdmin ? <AdminList onEdit={(tid) => setSp({ edit: String(tid) })} onProblems={(tid) => setSp({ problems: String(tid) })} /> : <PublicList />}
    </Card>
  );
}

function PublicList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { gid } = useGroup();
  const { isLoggedIn } = useAuth();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const list = useQuery({ ...groupTrainingsQuery(gid, page, limit), placeholderData: keepPreviousData });
  return (
    <>
      <Table<GroupTrainingRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noTrainings')} /> }}
        onRow={(r) => ({ 'data-testid': 'group-training-row', 'data-title': r.title }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('group.trainingRank'), dataIndex: 'rank', width: 80, responsive: ['md'] },
          { title: t('group.aTitle'), render: (_, r) => <Typography.Link onClick={() => navigate(`/group/${gid}/training/${r.id}`)}>{r.title}</Typography.Link> },
          { title: t('group.trainingAuth'), render: (_, r) => <TrainingAuthTag auth={r.auth} /> },
          { title: t('group.category'), render: (_, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} />, responsive: ['sm'] },
          { title: t('group.problemCount'), dataIndex: 'problemCount', align: 'center', responsive: ['sm'] },
          {
            title: t('group.progress'), width: 140,
            render: (_, r) => (isLoggedIn ? <Progress size="small" percent={r.problemCount ? Math.round(((r.acCount ?? 0) / r.problemCount) * 100) : 0} format={() => `${r.acCount ?? 0}/${r.problemCount ?? 0}`} /> : '-'),
          },
          { title: t('group.author'), dataIndex: 'author', responsive: ['md'] },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </>
  );
}

function AdminList({ onEdit, onProblems }: { onEdit: (tid: number) => void; onProblems: (tid: number) => void }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const list = useQuery({ ...groupAdminTrainingsQuery(g.gid, page, limit), placeholderData: keepPreviousData });
  const setStatus = async (r: GroupTrainingRow, v: boolean) => {
    await groupApi.changeTrainingStatus(r.id, v);
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (r: GroupTrainingRow) => feedback.modal?.confirm({
    title: `${t('group.delete')} ${r.title}`, content: t('group.deleteTrainingConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteTraining(r.id);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  return (
    <>
      <Table<GroupTrainingRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noTrainings')} /> }}
        onRow={(r) => ({ 'data-testid': 'group-admin-training-row', 'data-title': r.title }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('group.aTitle'), dataIndex: 'title' },
          { title: t('group.trainingAuth'), render: (_, r) => <TrainingAuthTag auth={r.auth} /> },
          { title: t('group.category'), render: (_, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} />, responsive: ['md'] },
          { title: t('group.author'), dataIndex: 'author', responsive: ['sm'] },
          { title: t('group.modifiedAt'), render: (_, r) => (r.gmtModified ? dayjs(r.gmtModified).format('YYYY-MM-DD HH:mm') : '-'), responsive: ['lg'] },
          { title: t('group.visible'), render: (_, r) => <Switch size="small" checked={r.status} disabled={!mayManageTraining(g, r)} onChange={(v) => void setStatus(r, v)} aria-label={`${t('group.visible')} ${r.title}`} /> },
          {
            title: t('group.option'),
            render: (_, r) => mayManageTraining(g, r) && (
              <Space size={4}>
                <Tooltip title={t('group.edit')}><Button size="small" icon={<EditOutlined />} onClick={() => onEdit(r.id)} aria-label={`${t('group.edit')} ${r.title}`} /></Tooltip>
                <Tooltip title={t('group.problemList')}><Button size="small" icon={<OrderedListOutlined />} onClick={() => onProblems(r.id)} aria-label={`${t('group.problemList')} ${r.title}`} data-testid="group-training-problems" /></Tooltip>
                <Tooltip title={t('group.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} aria-label={`${t('group.delete')} ${r.title}`} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </>
  );
}

/** A training's problems: order and display ID, remove (this group's problems only), add from public and from the group. */
function GroupTrainingProblemAdmin({ tid, onBack }: { tid: number; onBack: () => void }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [page, setPage] = useState(1);
  const [fromPublic, setFromPublic] = useState(false);
  const [fromGroup, setFromGroup] = useState(false);
  const query = { tid, currentPage: page, limit: 30, queryExisted: true };
  const list = useQuery(groupTrainingProblemsQuery(g.gid, query));
  const link = (p: GroupProblemRow) => list.data?.trainingProblemMap[String(p.id)];
  const update = async (p: GroupProblemRow, patch: { rank?: number; displayId?: string }) => {
    const l = link(p);
    if (!l) return;
    await groupApi.updateTrainingProblem({ id: l.id, tid, pid: p.id, rank: patch.rank ?? l.rank, displayId: patch.displayId ?? l.displayId });
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (p: GroupProblemRow) => feedback.modal?.confirm({
    title: `${t('group.remove')} ${p.problemId}`, content: t('group.removeProblemConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteTrainingProblem(p.id, tid);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  return (
    <Card title={`${t('group.problemList')} · #${tid}`} extra={
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFromPublic(true)} data-testid="training-add-public">{t('group.addFromPublic')}</Button>
        <Button type="primary" icon={<TeamOutlined />} onClick={() => setFromGroup(true)} data-testid="training-add-group">{t('group.addFromGroup')}</Button>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>{t('group.back')}</Button>
      </Space>
    }>
      <Table<GroupProblemRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.problemList.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noProblems')} /> }}
        onRow={(p) => ({ 'data-testid': 'group-training-problem', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('group.problemId'), dataIndex: 'problemId' },
          { title: t('group.problemTitle'), dataIndex: 'title' },
          {
            title: t('group.order'),
            render: (_, p) => <InputNumber key={link(p)?.rank} min={0} precision={0} defaultValue={link(p)?.rank} style={{ width: 90 }} aria-label={`${t('group.order')} ${p.problemId}`}
              onBlur={(e) => { const v = Number(e.target.value); if (Number.isInteger(v) && v >= 0 && v !== link(p)?.rank) void update(p, { rank: v }); }} />,
          },
          {
            title: t('group.displayId'),
            render: (_, p) => <Input key={link(p)?.displayId} defaultValue={link(p)?.displayId} maxLength={50} style={{ width: 120 }} aria-label={`${t('group.displayId')} ${p.problemId}`}
              onBlur={(e) => { const v = e.target.value.trim(); if (v && v !== link(p)?.displayId) void update(p, { displayId: v }); }} />,
          },
          {
            title: t('group.option'),
            render: (_, p) => <Tooltip title={t('group.remove')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(p)} aria-label={`${t('group.remove')} ${p.problemId}`} /></Tooltip>,
          },
        ]}
      />
      <Pagination total={list.data?.problemList.total ?? 0} current={page} pageSize={30} showSizeChanger={false} onChange={(p) => setPage(p)} />
      <AddFromPublicDialog open={fromPublic} onClose={() => { setFromPublic(false); void list.refetch(); }}
        load={(q) => groupApi.trainingProblems({ tid, ...q, queryExisted: false }).then((r) => r.problemList)}
        add={(p) => groupApi.addTrainingProblemFromPublic({ pid: p.id, tid, displayId: p.problemId })} listKey={groupKeys.trainingPublic(tid)} />
      <AddFromGroupDialog open={fromGroup} onClose={() => { setFromGroup(false); void list.refetch(); }} add={(problemId) => groupApi.addTrainingProblemFromGroup(problemId, tid)} />
    </Card>
  );
}

/** Public problems not yet in the training or contest, searchable; sizes 10/30/50/100 (spec 03 §9). `withDisplayId` asks for a contest display ID. */
export function AddFromPublicDialog({ open, onClose, load, add, listKey, withDisplayId }: {
  open: boolean; onClose: () => void; listKey: readonly unknown[]; withDisplayId?: boolean;
  load: (q: { currentPage: number; limit: number; keyword?: string }) => Promise<{ records: GroupProblemRow[]; total: number }>;
  add: (p: GroupProblemRow, displayId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ currentPage: number; limit: number; keyword?: string }>({ currentPage: 1, limit: 10 });
  const [ids, setIds] = useState<Record<number, string>>({});
  const list = useQuery({ ...publicPickerQuery(listKey, q, load), enabled: open });
  const doAdd = async (p: GroupProblemRow) => {
    const displayId = (ids[p.id] ?? '').trim();
    if (withDisplayId && !displayId) return showError(t('group.displayIdRequired'));
    await add(p, displayId);
    toast('success', t('group.added'));
    void list.refetch();
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('group.addFromPublic')} width={800} destroyOnHidden>
      <Input.Search allowClear maxLength={200} placeholder={t('group.searchProblem')} style={{ marginBottom: 12 }} aria-label={t('group.searchProblem')}
        onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} />
      <Table<GroupProblemRow>
        rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        columns={[
          { title: t('group.problemId'), dataIndex: 'problemId' },
          { title: t('group.problemTitle'), dataIndex: 'title' },
          ...(withDisplayId ? [{
            title: t('group.displayId'),
            render: (_: unknown, p: GroupProblemRow) => <Input size="small" style={{ width: 90 }} value={ids[p.id] ?? ''} onChange={(e) => setIds({ ...ids, [p.id]: e.target.value })} aria-label={`${t('group.displayId')} ${p.problemId}`} />,
          }] : []),
          { title: '', render: (_, p) => <Button size="small" type="primary" onClick={() => void doAdd(p)} data-testid="add-public-problem" data-pid={p.problemId}>{t('group.add')}</Button> },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} sizes={GROUP_PAGE.addFromPublic} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Modal>
  );
}

/** Adds one of the group's own problems by its display ID (and, in a contest, the contest display ID). */
export function AddFromGroupDialog({ open, onClose, add, withDisplayId }: { open: boolean; onClose: () => void; add: (problemId: string, displayId: string) => Promise<unknown>; withDisplayId?: boolean }) {
  const { t } = useTranslation();
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!problemId.trim()) return showError(t('group.problemIdRequired'));
    if (withDisplayId && !displayId.trim()) return showError(t('group.displayIdRequired'));
    setBusy(true);
    try {
      await add(problemId.trim(), displayId.trim());
      toast('success', t('group.added'));
      setProblemId('');
      setDisplayId('');
      onClose();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} onCancel={onClose} title={t('group.addFromGroup')} width={360} onOk={() => void ok()} confirmLoading={busy} okText={t('group.ok')} cancelText={t('group.cancel')} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input value={problemId} onChange={(e) => setProblemId(e.target.value)} placeholder={t('group.groupProblemId')} aria-label={t('group.groupProblemId')} data-testid="add-group-problem-id" />
        {withDisplayId && <Input value={displayId} onChange={(e) => setDisplayId(e.target.value)} placeholder={t('group.displayId')} aria-label={t('group.displayId')} data-testid="add-group-display-id" />}
      </Space>
    </Modal>
  );
}

/** /group/{id}/training/{tid}/*: the training feature's pages under the group's path; its submissions carry the group's id. */
export function GroupTrainingDetail() {
  const { gid } = useGroup();
  const tid = Number(useParams().trainingID);
  return <TrainingView key={tid} tid={tid} base={`/group/${gid}/training/${tid}`} gid={gid} />;
}
