import { lazy, Suspense, useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { acRate } from '@verdict/shared';
import { EmptyState, PageLoading, Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { DifficultyTag } from '../problem';
import { StatusMark } from '../problem';
import { groupAdminProblemsQuery, groupApi, groupProblemsQuery, type GroupProblemRow, type GroupPublicProblem } from './api';
import { useGroup } from './context';
import { mayManageProblem } from './rules';
import { GROUP_PAGE } from './limits';
import { groupProblemScope } from './problem-scope';
import { GroupAdminToolbar } from './GroupAdminToolbar';

const ProblemForm = lazy(() => import('../admin-problem/form/ProblemForm'));

/** /group/{id}/problem: the public list, and for group admins the admin list (?view=admin), create (?view=create) and edit (?edit=pid) forms. */
export function GroupProblems() {
  const { t } = useTranslation();
  const g = useGroup();
  const [sp, setSp] = useSearchParams();
  const view = sp.get('edit') ? 'edit' : sp.get('view') ?? 'list';
  const canAdmin = g.isAdmin || g.isSuperAdmin;
  const go = (q: Record<string, string>) => setSp(q);

  if (canAdmin && (view === 'create' || view === 'edit')) {
    const pid = Number(sp.get('edit')) || undefined;
    const scope = groupProblemScope({
      gid: g.gid, pid, shortName: g.group.shortName, title: t(pid ? 'group.editProblem' : 'group.createProblem'), backTo: `/group/${g.gid}/problem?view=admin`,
      onSaved: (created) => created && go({ view: 'admin' }),
    });
    return (
      <Suspense fallback={<PageLoading />}>
        <ProblemForm key={pid ?? 'create'} scope={scope} />
      </Suspense>
    );
  }
  return (
    <Card
      title={t('group.tab.problems')}
      extra={canAdmin && (
        <GroupAdminToolbar admin={view === 'admin'} adminLabel={t('group.problemAdmin')} testId="group-problem"
          onToggle={() => go(view === 'admin' ? {} : { view: 'admin' })} onCreate={() => go({ view: 'create' })} />
      )}
    >
      {view === 'admin' && canAdmin ? <GroupProblemAdminList onEdit={(pid) => go({ edit: String(pid) })} /> : <GroupProblemPublicList />}
    </Card>
  );
}

/** Problems members see: solve status (logged-in users), ID, title, difficulty, tags, AC/total and pass rate; a row opens the problem. */
function GroupProblemPublicList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { gid } = useGroup();
  const { isLoggedIn } = useAuth();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const list = useQuery({ ...groupProblemsQuery(gid, page, limit), placeholderData: keepPreviousData });
  return (
    <>
      <Table<GroupPublicProblem>
        rowKey="pid" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noProblems')} /> }}
        onRow={(p) => ({ onClick: () => navigate(`/group/${gid}/problem/${encodeURIComponent(p.problemId)}`), style: { cursor: 'pointer' }, 'data-testid': 'group-problem-row', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          ...(isLoggedIn ? [{ title: '', width: 40, render: (_: unknown, p: GroupPublicProblem) => <StatusMark status={p.myStatus} /> }] : []),
          { title: t('group.problemId'), dataIndex: 'problemId', width: 140 },
          { title: t('group.problemTitle'), render: (_, p) => <Typography.Link>{p.title}</Typography.Link> },
          { title: t('group.difficulty'), render: (_, p) => <DifficultyTag value={p.difficulty} />, responsive: ['sm'] },
          { title: t('group.tags'), responsive: ['md'], render: (_, p) => <Space size={[0, 4]} wrap>{(p.tags ?? []).map((tg) => <Tag key={tg.id} color={tg.color || undefined}>{tg.name}</Tag>)}</Space> },
          { title: t('group.acTotal'), align: 'center', render: (_, p) => `${p.ac ?? 0} / ${p.total ?? 0}`, responsive: ['sm'] },
          { title: t('group.passRate'), align: 'center', render: (_, p) => <span data-testid="group-problem-rate">{acRate(p.ac ?? 0, p.total ?? 0)}%</span> },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </>
  );
}

const PROGRESS_TAG: Record<number, { color: string; key: string }> = { 1: { color: 'gold', key: 'applyingPublic' }, 2: { color: 'green', key: 'alreadyPublic' }, 3: { color: 'red', key: 'publicRefused' } };
/** Where a problem stands in its way to the public bank (the group sees the site admin's decision). */
function ProgressTag({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  const p = progress ? PROGRESS_TAG[progress] : null;
  return p ? <Tag color={p.color} data-testid="group-problem-progress">{t(`group.${p.key}`)}</Tag> : <span>-</span>;
}

/** Apply-public progress of spec 03 §4: null none, 1 applying, 2 already public, 3 refused. */
export function ApplyPublicButton({ row, onChanged }: { row: GroupProblemRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const p = row.applyPublicProgress;
  const label = p === 1 ? t('group.applyingPublic') : p === 2 ? t('group.alreadyPublic') : p === 3 ? t('group.publicRefused') : t('group.applyPublic');
  const icon = p === 1 ? <LoadingOutlined /> : p === 2 ? <CheckCircleOutlined /> : p === 3 ? <CloseCircleOutlined /> : <UploadOutlined />;
  const click = () => {
    if (p === 2) return;
    // None (or refused) applies after confirming; while applying, the button offers cancelling (a false flag).
    const applying = p === 1;
    feedback.modal?.confirm({
      title: applying ? t('group.cancelApplyPublic') : t('group.applyPublic'), content: applying ? t('group.cancelApplyPublicConfirm') : t('group.applyPublicConfirm'),
      okText: t('group.ok'), cancelText: t('group.cancel'), okType: applying ? 'danger' : 'primary',
      onOk: async () => {
        await groupApi.applyPublic(row.id, !applying);
        toast('success', t('group.updated'));
        onChanged();
      },
    });
  };
  return (
    <Tooltip title={label}>
      <Button size="small" icon={icon} onClick={click} disabled={p === 2} aria-label={label} data-testid="group-problem-apply-public" data-progress={p ?? 'none'}
        className={`apply-public apply-public-${p ?? 0}`} />
    </Tooltip>
  );
}

function GroupProblemAdminList({ onEdit }: { onEdit: (pid: number) => void }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const list = useQuery({ ...groupAdminProblemsQuery(g.gid, page, limit), placeholderData: keepPreviousData });
  const changeAuth = async (p: GroupProblemRow, auth: number) => {
    await groupApi.changeProblemAuth(p.id, auth);
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (p: GroupProblemRow) => feedback.modal?.confirm({
    title: `${t('group.delete')} ${p.problemId}`, content: t('group.deleteProblemConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteProblem(p.id);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  return (
    <>
      <Table<GroupProblemRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noProblems')} /> }}
        onRow={(p) => ({ 'data-testid': 'group-admin-problem-row', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('group.problemId'), dataIndex: 'problemId' },
          { title: t('group.problemTitle'), dataIndex: 'title' },
          { title: t('group.author'), dataIndex: 'author', responsive: ['md'] },
          { title: t('group.createdAt'), render: (_, p) => (p.gmtCreate ? dayjs(p.gmtCreate).format('YYYY-MM-DD HH:mm') : '-'), responsive: ['lg'] },
          { title: t('group.publicProgress'), render: (_, p) => <ProgressTag progress={p.applyPublicProgress} /> },
          {
            title: t('group.problemAuth'),
            render: (_, p) => (
              <Select size="small" style={{ width: 120 }} value={p.auth} disabled={!mayManageProblem(g, p)} onChange={(v) => void changeAuth(p, v)} aria-label={`${t('group.problemAuth')} ${p.problemId}`}
                options={[1, 2, 3].map((a) => ({ value: a, label: t(`group.pauth${a}`), disabled: a === 3 }))} />
            ),
          },
          {
            title: t('group.option'),
            render: (_, p) => mayManageProblem(g, p) && (
              <Space size={4}>
                <Tooltip title={t('group.edit')}><Button size="small" icon={<EditOutlined />} onClick={() => onEdit(p.id)} aria-label={`${t('group.edit')} ${p.problemId}`} data-testid="group-problem-edit" /></Tooltip>
                <Tooltip title={t('group.downloadCases')}><Button size="small" icon={<DownloadOutlined />} onClick={() => void groupApi.downloadCases(p.id, p.problemId)} aria-label={`${t('group.downloadCases')} ${p.problemId}`} /></Tooltip>
                <ApplyPublicButton row={p} onChanged={() => void list.refetch()} />
                <Tooltip title={t('group.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(p)} aria-label={`${t('group.delete')} ${p.problemId}`} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </>
  );
}
