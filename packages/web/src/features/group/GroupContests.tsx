import { lazy, Suspense, useState } from 'react';
import { Button, Card, ColorPicker, Empty, Input, List, Space, Switch, Table, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined, BarChartOutlined, CalendarOutlined, ClockCircleOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, FileAddOutlined,
  LockFilled, NotificationOutlined, OrderedListOutlined, PlusOutlined, SafetyCertificateOutlined, TeamOutlined, TrophyFilled, UserOutlined,
} from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ContestAuth, ContestStatus, ContestType } from '@verdict/shared';
import { EmptyState, PageLoading, Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { formatDuration } from '../contest';
import { ContestAuthTag, ContestStatusTag } from '../contest';
import { contestFormWire } from '../admin-contest';
import type { ContestFormScope } from '../admin-contest';
import { DownloadAcDialog } from '../admin-contest';
import { groupAdminContestsQuery, groupApi, groupContestProblemsQuery, groupContestQuery, groupContestsQuery, groupKeys, type GroupContestRow, type GroupProblemRow } from './api';
import { useGroup } from './context';
import { mayCheckPlagiarism, mayManageContest } from './rules';
import { groupPlagiarismMount } from './plagiarism-mount';
import { GROUP_PAGE } from './limits';
import { AnnouncementTable, type AnnouncementStore } from './GroupAnnouncements';
import { AddFromGroupDialog, AddFromPublicDialog } from './GroupTrainings';
import { groupProblemScope } from './problem-scope';
import { GroupAdminToolbar } from './GroupAdminToolbar';

const ContestForm = lazy(() => import('../admin-contest/ContestForm'));
const ProblemForm = lazy(() => import('../admin-problem/form/ProblemForm'));

const ms = (v: string | number) => (typeof v === 'number' ? v : dayjs(v).valueOf());
/** Lock colours of spec 03 §2.3: private red, protected orange. */
const LOCK_COLOR: Record<number, string> = { [ContestAuth.PRIVATE]: '#e5484d', [ContestAuth.PROTECTED]: '#e6a23c' };

/** /group/{id}/contest: "Group Contest" list; group admins get the admin list and the create/edit, problem and announcement pages (query string). */
export function GroupContests() {
  const { t } = useTranslation();
  const g = useGroup();
  const [sp, setSp] = useSearchParams();
  const canAdmin = g.isAdmin || g.isSuperAdmin;
  const cid = Number(sp.get('cid')) || 0;
  const view = sp.get('view') ?? 'list';

  if (canAdmin && (view === 'create' || view === 'edit')) {
    const scope: ContestFormScope = {
      cid: view === 'edit' ? cid : undefined,
      load: (id) => groupApi.contest(id),
      create: (f) => groupApi.addContest({ ...contestFormWire(f), gid: g.gid }),
      update: (f) => groupApi.updateContest({ ...contestFormWire(f), gid: g.gid }),
      done: () => setSp({ view: 'admin' }),
    };
    return <Suspense fallback={<PageLoading />}><ContestForm key={`${view}-${cid}`} scope={scope} /></Suspense>;
  }
  if (canAdmin && cid && view === 'problems') return <ContestProblemAdmin cid={cid} />;
  if (canAdmin && cid && (view === 'problem-create' || view === 'problem-edit')) return <ContestProblemEditor cid={cid} pid={Number(sp.get('pid')) || undefined} />;
  if (canAdmin && cid && view === 'announcements') {
    const store: AnnouncementStore = {
      key: groupKeys.contestAnnouncementTable(g.gid, cid),
      list: (page, limit) => groupApi.contestAnnouncements(cid, page, limit),
      create: (v) => groupApi.addContestAnnouncement({ announcement: v, cid }),
      update: (a, v) => groupApi.updateContestAnnouncement({ announcement: { id: a.id, ...v }, cid }),
      remove: (a) => groupApi.deleteContestAnnouncement(a.id, cid),
    };
    return <AnnouncementTable store={store} pageSize={GROUP_PAGE.announcementAdmin} title={`${t('group.contestAnnouncements')} · #${cid}`}
      extra={<Button icon={<ArrowLeftOutlined />} onClick={() => setSp({ view: 'admin' })}>{t('group.back')}</Button>} />;
  }

  return (
    <Card
      title={t('group.contestTitle')}
      extra={canAdmin && (
        <GroupAdminToolbar admin={view === 'admin'} adminLabel={t('group.contestAdmin')} testId="group-contest"
          onToggle={() => setSp(view === 'admin' ? {} : { view: 'admin' })} onCreate={() => setSp({ view: 'create' })} />
      )}
    >
      {view === 'admin' && canAdmin ? <AdminContestList /> : <PublicContestList />}
    </Card>
  );
}

/** One row: trophy by type, title, lock by auth, start, duration, rule (OI: recent/highest), auth tag, participants, outside scoreboard, status. */
function PublicContestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { gid } = useGroup();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const list = useQuery({ ...groupContestsQuery(gid, page, limit), placeholderData: keepPreviousData });
  return (
    <>
      <List
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty description={t('group.noContest')} /> }}
        renderItem={(c) => (
          <List.Item className="group-contest-row" data-testid="group-contest-row" data-title={c.title}>
            <List.Item.Meta
              avatar={<TrophyFilled className={`group-trophy type-${c.type}`} aria-label={c.type === ContestType.ACM ? 'ACM' : 'OI'} />}
              title={
                <Space size={6} wrap>
                  <Typography.Link onClick={() => navigate(`/contest/${c.id}`)} className="group-contest-title">{c.title}</Typography.Link>
                  {c.auth !== ContestAuth.PUBLIC && <LockFilled style={{ color: LOCK_COLOR[c.auth] }} aria-label={t(c.auth === ContestAuth.PRIVATE ? 'group.privateContest' : 'group.protectedContest')} />}
                </Space>
              }
              description={
                <Space wrap size={[12, 4]}>
                  <span><CalendarOutlined /> {dayjs(c.startTime).format('YYYY-MM-DD HH:mm')}</span>
                  <span><ClockCircleOutlined /> {formatDuration(ms(c.endTime) - ms(c.startTime))}</span>
                  <Tooltip title={c.type === ContestType.OI ? t(c.oiRankScoreType === 'Highest' ? 'group.oiHighest' : 'group.oiRecent') : t('group.acmRule')}>
                    <Button size="small" type={c.type === ContestType.ACM ? 'primary' : 'default'} className="group-rule-btn">{c.type === ContestType.ACM ? 'ACM' : 'OI'}</Button>
                  </Tooltip>
                  <ContestAuthTag auth={c.auth} />
                  {c.auth !== ContestAuth.PUBLIC && <span title={t('group.participants')}><UserOutlined /> {c.count ?? 0}</span>}
                  {c.openRank && (
                    <Tooltip title={t('group.outsideScoreboard')}>
                      <Button size="small" icon={<BarChartOutlined />} disabled={c.status === ContestStatus.SCHEDULED} aria-label={t('group.outsideScoreboard')}
                        onClick={() => navigate(`/contest/${c.type === ContestType.OI ? 'oi' : 'acm'}-scoreboard/${c.id}`)} />
                    </Tooltip>
                  )}
                </Space>
              }
            />
            <ContestStatusTag status={c.status} />
          </List.Item>
        )}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </>
  );
}

function AdminContestList() {
  const { t } = useTranslation();
  const g = useGroup();
  const navigate = useNavigate();
  const [, setSp] = useSearchParams();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.default);
  const [downloadCid, setDownloadCid] = useState<number | null>(null);
  const list = useQuery({ ...groupAdminContestsQuery(g.gid, page, limit), placeholderData: keepPreviousData });
  const setVisible = async (c: GroupContestRow, v: boolean) => {
    await groupApi.changeContestVisible(c.id, v);
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (c: GroupContestRow) => feedback.modal?.confirm({
    title: `${t('group.delete')} ${c.title}`, content: t('group.deleteContestConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteContest(c.id);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  const act = (title: string, icon: React.ReactNode, onClick: () => void, c: GroupContestRow, testId?: string) => (
    <Tooltip title={title}><Button size="small" icon={icon} onClick={onClick} aria-label={`${title} ${c.title}`} data-testid={testId} /></Tooltip>
  );
  return (
    <>
      <Table<GroupContestRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noContest')} /> }}
        onRow={(c) => ({ 'data-testid': 'group-admin-contest-row', 'data-title': c.title }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('group.aTitle'), dataIndex: 'title' },
          { title: t('group.rule'), render: (_, c) => (c.type === ContestType.ACM ? 'ACM' : 'OI') },
          { title: t('group.trainingAuth'), render: (_, c) => <ContestAuthTag auth={c.auth} />, responsive: ['sm'] },
          { title: t('group.status'), render: (_, c) => <ContestStatusTag status={c.status} />, responsive: ['md'] },
          { title: t('group.author'), dataIndex: 'author', responsive: ['lg'] },
          { title: t('group.visible'), render: (_, c) => <Switch size="small" checked={c.visible !== false} disabled={!mayManageContest(g, c)} onChange={(v) => void setVisible(c, v)} aria-label={`${t('group.visible')} ${c.title}`} /> },
          {
            title: t('group.option'),
            render: (_, c) => mayManageContest(g, c) && (
              <Space size={4} wrap>
                {act(t('group.edit'), <EditOutlined />, () => setSp({ view: 'edit', cid: String(c.id) }), c)}
                {act(t('group.problemList'), <OrderedListOutlined />, () => setSp({ view: 'problems', cid: String(c.id) }), c, 'group-contest-problems')}
                {act(t('group.contestAnnouncements'), <NotificationOutlined />, () => setSp({ view: 'announcements', cid: String(c.id) }), c)}
                {act(t('group.downloadAc'), <DownloadOutlined />, () => setDownloadCid(c.id), c)}
                {mayCheckPlagiarism(g, c) && act(t('group.plagiarism'), <SafetyCertificateOutlined />, () => navigate(groupPlagiarismMount(g.gid, c.id).report), c, 'group-contest-plagiarism')}
                <Tooltip title={t('group.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(c)} aria-label={`${t('group.delete')} ${c.title}`} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
      <DownloadAcDialog cid={downloadCid} onClose={() => setDownloadCid(null)} />
    </>
  );
}

/** A group contest's problems: display ID, title and colour inline; create, add from public and from the group, edit, remove. */
function ContestProblemAdmin({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [, setSp] = useSearchParams();
  const [page, setPage] = useState(1);
  const [fromPublic, setFromPublic] = useState(false);
  const [fromGroup, setFromGroup] = useState(false);
  const query = { cid, currentPage: page, limit: 10, queryExisted: true };
  const list = useQuery(groupContestProblemsQuery(g.gid, query));
  const link = (p: GroupProblemRow) => list.data?.contestProblemMap[String(p.id)];
  const update = async (p: GroupProblemRow, patch: { displayId?: string; displayTitle?: string; color?: string | null }) => {
    const l = link(p);
    if (!l) return;
    await groupApi.updateContestProblem({ ...l, ...patch });
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (p: GroupProblemRow) => feedback.modal?.confirm({
    title: `${t('group.remove')} ${link(p)?.displayId ?? p.problemId}`, content: t('group.removeProblemConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteContestProblem(p.id, cid);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  return (
    <Card title={`${t('group.problemList')} · #${cid}`} extra={
      <Space wrap>
        <Button type="primary" icon={<FileAddOutlined />} onClick={() => setSp({ view: 'problem-create', cid: String(cid) })} data-testid="contest-problem-create">{t('group.create')}</Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFromPublic(true)} data-testid="contest-add-public">{t('group.addFromPublic')}</Button>
        <Button type="primary" icon={<TeamOutlined />} onClick={() => setFromGroup(true)} data-testid="contest-add-group">{t('group.addFromGroup')}</Button>
        <Button icon={<ArrowLeftOutlined />} onClick={() => setSp({ view: 'admin' })}>{t('group.back')}</Button>
      </Space>
    }>
      <Table<GroupProblemRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.problemList.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noProblems')} /> }}
        onRow={(p) => ({ 'data-testid': 'group-contest-problem', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('group.problemId'), dataIndex: 'problemId' },
          {
            title: t('group.displayId'),
            render: (_, p) => <Input key={link(p)?.displayId} defaultValue={link(p)?.displayId} style={{ width: 90 }} aria-label={`${t('group.displayId')} ${p.problemId}`}
              onBlur={(e) => { const v = e.target.value.trim(); if (v && v !== link(p)?.displayId) void update(p, { displayId: v }); }} />,
          },
          {
            title: t('group.displayTitle'),
            render: (_, p) => <Input key={link(p)?.displayTitle} defaultValue={link(p)?.displayTitle ?? p.title} aria-label={`${t('group.displayTitle')} ${p.problemId}`}
              onBlur={(e) => { const v = e.target.value.trim(); if (v && v !== link(p)?.displayTitle) void update(p, { displayTitle: v }); }} />,
          },
          { title: t('group.color'), render: (_, p) => <ColorPicker value={link(p)?.color ?? undefined} allowClear onChangeComplete={(c) => void update(p, { color: c.toHexString() })} onClear={() => void update(p, { color: null })} /> },
          {
            title: t('group.option'),
            render: (_, p) => (
              <Space size={4}>
                {Number(p.gid) === g.gid && (
                  <Tooltip title={t('group.edit')}><Button size="small" icon={<EditOutlined />} onClick={() => setSp({ view: 'problem-edit', cid: String(cid), pid: String(p.id) })} aria-label={`${t('group.edit')} ${p.problemId}`} /></Tooltip>
                )}
                <Tooltip title={t('group.remove')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(p)} aria-label={`${t('group.remove')} ${p.problemId}`} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.problemList.total ?? 0} current={page} pageSize={10} showSizeChanger={false} onChange={(p) => setPage(p)} />
      <AddFromPublicDialog open={fromPublic} withDisplayId onClose={() => { setFromPublic(false); void list.refetch(); }} listKey={groupKeys.contestPublic(cid)}
        load={(q) => groupApi.contestProblems({ cid, ...q, queryExisted: false }).then((r) => r.problemList)}
        add={(p, displayId) => groupApi.addContestProblemFromPublic({ pid: p.id, cid, displayId })} />
      <AddFromGroupDialog open={fromGroup} withDisplayId onClose={() => { setFromGroup(false); void list.refetch(); }}
        add={(problemId, displayId) => groupApi.addContestProblemFromGroup(problemId, cid, displayId)} />
    </Card>
  );
}

/** The admin problem form for a problem of a group contest (auth 3, the contest's rule type). */
function ContestProblemEditor({ cid, pid }: { cid: number; pid?: number }) {
  const { t } = useTranslation();
  const g = useGroup();
  const [, setSp] = useSearchParams();
  const contest = useQuery(groupContestQuery(cid));
  if (contest.isLoading) return <PageLoading />;
  const scope = groupProblemScope({
    gid: g.gid, pid, shortName: g.group.shortName, title: t(pid ? 'group.editProblem' : 'group.createProblem'),
    backTo: `/group/${g.gid}/contest?view=problems&cid=${cid}`, contest: { cid, type: Number(contest.data?.type ?? 0) },
    onSaved: (created) => created && setSp({ view: 'problems', cid: String(cid) }),
  });
  return <Suspense fallback={<PageLoading />}><ProblemForm key={pid ?? 'create'} scope={scope} /></Suspense>;
}
