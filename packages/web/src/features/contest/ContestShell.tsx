import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Input, Popover, Result, Slider, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { LockOutlined, SettingOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components';
import dayjs from 'dayjs';
import { ContestAuth, ContestStatus, ContestType, contestProgress, contestStatusAt } from '@verdict/shared';
import { toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { useSiteConfig } from '../../stores/site';
import { contestNavStore, contestSection, contestSectionPath } from '../../stores/contest-nav';
import { contestAccessQuery, contestApi, contestInfoQuery, invalidateContestAccess, type Contest } from './api';
import { ContestContext, type ContestContextValue } from './context';
import { clock } from './format';
import { ContestAuthTag, ContestRuleTag, ContestStatusTag } from './status';
import { useServerClock } from './useServerClock';
import { UnreadAnnouncements } from './UnreadAnnouncements';
import { useVirtualContest } from './virtual/api/get-virtual-contest';
import { VirtualMark } from './virtual/components/VirtualMark';
import { VirtualStart } from './virtual/components/VirtualStart';
import './contest.css';

const containsEndKey = (cid: number) => `contest-contains-end-${cid}`;

/** /contest/{id}/*: header with progress and clock, password card, child tabs (spec 02 §2). */
/** Loads a contest and derives what its pages need (server clock, access, admin, the after-contest setting). */
export function useContestState(cid: number) {
  const info = useQuery({ ...contestInfoQuery(cid), retry: false, enabled: cid > 0 });
  const access = useQuery({ ...contestAccessQuery(cid), retry: false, enabled: !!info.data && info.data.auth !== ContestAuth.PUBLIC });
  const now = useServerClock(info.data?.now);
  const [containsEnd, setContainsEnd] = useState(() => localStorage.getItem(containsEndKey(cid)) === 'true');
  const toggleContainsEnd = (v: boolean) => {
    localStorage.setItem(containsEndKey(cid), String(v));
    setContainsEnd(v);
  };
  const c = info.data;
  const realStatus = c ? contestStatusAt(c.startTime, c.endTime, now) : ContestStatus.SCHEDULED;
  // A virtual run exists only for an ended contest (issue 30): while it is on, the screens see a running contest.
  const virtual = useVirtualContest(cid, !!c && realStatus === ContestStatus.ENDED && !c.isContestAdmin);
  const virtualRun = virtual.data ?? null;
  const virtualOn = !!virtualRun && now >= virtualRun.startTime && now < virtualRun.endTime;
  const ctx: ContestContextValue | null = c
    ? {
        contest: c, now, status: virtualOn ? ContestStatus.RUNNING : realStatus, isAdmin: !!c.isContestAdmin,
        access: c.auth === ContestAuth.PUBLIC || !!c.isContestAdmin || !!access.data?.access, containsEnd, virtualRun, virtualOn,
      }
    : null;
  return { info, access, ctx, toggleContainsEnd };
}

/** /contest/{id}/*: header with progress and clock, password card, child tabs (spec 02 §2). */
export function ContestShell() {
  const { t } = useTranslation();
  const cid = Number(useParams().contestID);
  const { info, access, ctx, toggleContainsEnd } = useContestState(cid);
  // The navbar's contest mode shows the same entries as the tabs (print only when the contest prints).
  const c = ctx?.contest;
  useEffect(() => {
    if (!c) return;
    contestNavStore.set({ current: { cid: c.id, openPrint: !!c.openPrint, isAdmin: !!c.isContestAdmin, acm: c.type === ContestType.ACM } });
    return () => contestNavStore.set({ current: null });
  }, [c]);

  if (info.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!ctx) return <Result status="404" title={t('contest.notFound')} extra={<LinkButton to="/contest" type="primary">{t('contest.back')}</LinkButton>} />;
  return (
    <ContestContext.Provider value={ctx}>
      <ContestHeader ctx={ctx} onContainsEnd={toggleContainsEnd} />
      {!ctx.access && !access.isLoading && <PasswordCard contest={ctx.contest} />}
      <ContestTabs ctx={ctx} />
      <div className="contest-shell-tabs"><Outlet /></div>
      <UnreadAnnouncements cid={cid} enabled={ctx.access && ctx.status !== ContestStatus.SCHEDULED} />
    </ContestContext.Provider>
  );
}

function ContestHeader({ ctx, onContainsEnd }: { ctx: ContestContextValue; onContainsEnd: (v: boolean) => void }) {
  const { t } = useTranslation();
  const { contest: c, now, status, virtualRun: run, virtualOn } = ctx;
  // The runner's own clock: the run's start and end instead of the contest's.
  const [from, to] = run ? [run.startTime, run.endTime] : [c.startTime, c.endTime];
  const countdown = run
    ? <Tag color={virtualOn ? 'purple' : undefined} data-testid="contest-countdown">{virtualOn ? t('virtual.endsIn', { t: clock(run.endTime - now) }) : t('virtual.over')}</Tag>
    : status === ContestStatus.SCHEDULED
    ? <Tag color="blue" data-testid="contest-countdown">{t('contest.startsIn', { t: clock(c.startTime - now) })}</Tag>
    : status === ContestStatus.RUNNING
      ? <Tag color="red" data-testid="contest-countdown">{t('contest.endsIn', { t: clock(c.endTime - now) })}</Tag>
      : <Tag data-testid="contest-countdown">{t('contest.endedTag')}</Tag>;
  const settings = (
    <Checkbox checked={ctx.containsEnd} onChange={(e) => onContainsEnd(e.target.checked)} data-testid="contains-end">{t('contest.containsEnd')}</Checkbox>
  );
  return (
    <Card className="contest-header">
      <Space style={{ float: 'right' }}>
        <Popover content={settings} title={t('contest.settings')} trigger="click" placement="bottomRight">
          <Button icon={<SettingOutlined />} aria-label={t('contest.settings')} />
        </Popover>
      </Space>
      <Typography.Title level={3} data-testid="contest-title">{c.title}</Typography.Title>
      <Space wrap style={{ justifyContent: 'center', marginBottom: 8 }}>
        {run && <VirtualMark tip={t('virtual.yourRun')} />}
        <ContestRuleTag type={c.type} /><ContestAuthTag auth={c.auth} /><ContestStatusTag status={status} />{countdown}
        {!run && status === ContestStatus.ENDED && c.virtualAllowed && !ctx.isAdmin && <VirtualStart contest={c} needPassword={!ctx.access} />}
      </Space>
      <Slider value={contestProgress(from, to, now)} tooltip={{ open: false }} disabled ariaLabelForHandle={t('contest.progress')}
        styles={{ track: { background: run ? '#8b5cf6' : status === ContestStatus.ENDED ? '#19a05c' : '#2563c4' } }} />
      <div className="contest-times">
        <span>{t('contest.begin')}: {dayjs(from).format('YYYY-MM-DD HH:mm:ss')}</span>
        <span className="contest-clock" data-testid="contest-clock">{dayjs(now).format('HH:mm:ss')}</span>
        <span>{t('contest.end')}: {dayjs(to).format('YYYY-MM-DD HH:mm:ss')}</span>
      </div>
    </Card>
  );
}

function PasswordCard({ contest }: { contest: Contest }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [pwd, setPwd] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await contestApi.register(contest.id, pwd);
      toast('success', t('contest.registered'));
      await invalidateContestAccess(qc, contest.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ marginTop: 12, textAlign: 'center' }} data-testid="contest-password-card">
      <Typography.Title level={5}><LockOutlined /> {t('contest.passwordTitle')}</Typography.Title>
      <Space.Compact style={{ maxWidth: 360, width: '100%' }}>
        <Input.Password value={pwd} onChange={(e) => setPwd(e.target.value)} placeholder={t('contest.passwordPlaceholder')} onPressEnter={() => void submit()} />
        <Button type="primary" loading={busy} onClick={() => void submit()}>{t('contest.register')}</Button>
      </Space.Compact>
    </Card>
  );
}

/** Child tabs: problems/submissions need access and a started contest (admins always); rank also needs access. */
function ContestTabs({ ctx }: { ctx: ContestContextValue }) {
  const { t } = useTranslation();
  const { isRoot } = useAuth();
  const { openContestComment } = useSiteConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const started = ctx.status !== ContestStatus.SCHEDULED || ctx.isAdmin;
  const viewable = ctx.access || (ctx.contest.auth === ContestAuth.PROTECTED && ctx.status === ContestStatus.ENDED);
  const key = contestSection(pathname, ctx.contest.id);
  return (
    <Tabs
      className="contest-shell-tabs"
      activeKey={key}
      onChange={(k) => navigate(contestSectionPath(ctx.contest.id, k))}
      items={[
        { key: 'home', label: t('contest.home') },
        { key: 'problems', label: t('contest.problems'), disabled: !started || !viewable },
        { key: 'submissions', label: t('contest.submissions'), disabled: !started || !viewable },
        { key: 'rank', label: t('contest.rank'), disabled: !started || !viewable },
        { key: 'announcements', label: t('contest.announcements'), disabled: !started || !viewable },
        ...(openContestComment ? [{ key: 'comment', label: t('contest.comment'), disabled: !started || !ctx.access }] : []),
        ...(ctx.contest.openPrint ? [{ key: 'print', label: t('contest.print'), disabled: !started || !ctx.access }] : []),
        ...(ctx.contest.openPrint && ctx.isAdmin ? [{ key: 'admin-print', label: t('contest.adminPrint') }] : []),
        ...(isRoot ? [{ key: 'rejudge', label: t('contest.rejudge') }] : []),
        ...(ctx.isAdmin && ctx.contest.type === ContestType.ACM ? [{ key: 'ac-info', label: t('contest.acInfo') }, { key: 'scroll-board', label: t('scrollBoard.config') }] : []),
      ]}
    />
  );
}
