import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Modal, Result, Row, Space, Spin, Tabs, Tag, Tooltip } from 'antd';
import { BarChartOutlined, FlagOutlined, HomeOutlined, NotificationOutlined, OrderedListOutlined, SettingOutlined, ShareAltOutlined, TeamOutlined, TrophyOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LinkButton } from '../../components';
import { feedback, showError, toast } from '../../lib/feedback';
import { useSiteConfig } from '../../stores/site';
import { useAuth } from '../../stores/user';
import { groupAccessQuery, groupApi, groupAuthQuery, groupDetailQuery, invalidateGroup, invalidateGroupLists, type GroupVo } from './api';
import { GroupAuth, GroupContext, GroupLevel, groupRights, useGroup, type GroupContextValue } from './context';
import { GroupAuthTag, GroupAvatar } from './GroupList';
import { GROUP_LIMITS } from './limits';
import { checkApply, type FieldErrors } from './validate';
import './group.css';

/** Loads the group, the user's level and entry access for every page under /group/{id}. */
export function useGroupState(gid: number): { loading: boolean; missing: boolean; ctx: GroupContextValue | null } {
  const qc = useQueryClient();
  const { user, isLoggedIn, isRoot: isSuperAdmin, isAdmin } = useAuth();
  const detail = useQuery({ ...groupDetailQuery(gid), retry: false, enabled: gid > 0 });
  const auth = useQuery({ ...groupAuthQuery(gid, user?.username), enabled: !!detail.data && isLoggedIn, retry: false });
  const access = useQuery({ ...groupAccessQuery(gid, user?.username), enabled: !!detail.data && isLoggedIn, retry: false });
  if (detail.isLoading || (detail.data && isLoggedIn && (auth.isLoading || access.isLoading))) return { loading: true, missing: false, ctx: null };
  if (!detail.data) return { loading: false, missing: true, ctx: null };
  const level = typeof auth.data === 'number' ? auth.data : 0;
  const rights = groupRights(detail.data, level, !!access.data?.access, user ? { username: user.username, uid: user.uid } : null, isSuperAdmin, isAdmin);
  const refresh = () => invalidateGroup(qc, gid);
  return { loading: false, missing: false, ctx: { group: detail.data, gid, level, ...rights, username: user?.username ?? null, uid: user?.uid ?? null, refresh } };
}

/** Tabs of spec 03 §2.3 and the route segment each opens. */
const TABS = [
  { key: '', icon: <HomeOutlined />, label: 'home' },
  { key: 'problem', icon: <UnorderedListOutlined />, label: 'problems' },
  { key: 'training', icon: <FlagOutlined />, label: 'trainings' },
  { key: 'contest', icon: <TrophyOutlined />, label: 'contests' },
  { key: 'status', icon: <BarChartOutlined />, label: 'submissions' },
  { key: 'discussion', icon: <ShareAltOutlined />, label: 'discussions' },
  { key: 'member', icon: <UserOutlined />, label: 'members' },
  { key: 'announcement', icon: <NotificationOutlined />, label: 'announcements' },
  { key: 'setting', icon: <SettingOutlined />, label: 'setting' },
  { key: 'rank', icon: <OrderedListOutlined />, label: 'rank' },
] as const;
const SEGMENT_TAB: Record<string, string> = { 'submission-detail': 'status', 'discussion-detail': 'discussion' };
/** Pages that take the full width (no side card). */
const WIDE = new Set(['status', 'submission-detail']);

/** /group/{id}/*: tabs, the group card with apply/exit/disband, and the child page. */
export function GroupShell() {
  const { t } = useTranslation();
  const gid = Number(useParams().groupID);
  const { loading, missing, ctx } = useGroupState(gid);
  const { pathname } = useLocation();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const site = useSiteConfig();
  useEffect(() => {
    if (ctx) document.title = ctx.group.name;
  }, [ctx?.group.name]);

  if (loading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (missing || !ctx) return <Result status="404" title={t('group.notFound')} extra={<LinkButton to="/group" type="primary">{t('group.backToList')}</LinkButton>} />;

  const base = `/group/${gid}`;
  const rest = pathname.slice(base.length).split('/').filter(Boolean);
  const seg = rest[0] ?? '';
  const active = SEGMENT_TAB[seg] ?? seg;
  // A problem, training or contest page inside a tab (a contest's plagiarism check), and the admin views (?view=..., ?edit=...), take the full width too.
  const wide = WIDE.has(seg) || ((seg === 'problem' || seg === 'training' || seg === 'contest') && rest.length > 1) || ['view', 'edit', 'problems'].some((k) => sp.has(k));
  const visible = TABS.filter((tab) => {
    if (tab.key === 'discussion') return !!site.openGroupDiscussion;
    if (tab.key === 'announcement') return ctx.isAdmin;
    if (tab.key === 'setting') return ctx.isRoot;
    return true;
  });
  // Tabs hidden from a user are refused by URL too (the server refuses their calls anyway).
  const refusal = seg !== '' && ctx.menuDisabled ? 'membersOnly' : seg === 'setting' && !ctx.isRoot ? 'rootOnly' : null;
  const allowed = !refusal;

  return (
    <GroupContext.Provider value={ctx}>
      <Tabs
        className="group-tabs"
        activeKey={active}
        onChange={(k) => navigate(k ? `${base}/${k}` : base)}
        items={visible.map((tab) => ({
          key: tab.key,
          disabled: tab.key !== '' && ctx.menuDisabled,
          label: <span data-testid={`group-tab-${tab.key || 'home'}`}>{tab.icon} {t(`group.tab.${tab.label}`)}</span>,
        }))}
      />
      {wide ? (
        allowed ? <Outlet /> : <Refused why={refusal!} />
      ) : (
        <Row gutter={[16, 16]}>
          {/* On narrow screens the group card leads on the home tab and follows the content elsewhere. */}
          <Col xs={{ span: 24, order: seg === '' ? 2 : 1 }} md={{ span: 17, order: 1 }} xl={18}>{allowed ? <Outlet /> : <Refused why={refusal!} />}</Col>
          <Col xs={{ span: 24, order: seg === '' ? 1 : 2 }} md={{ span: 7, order: 2 }} xl={6}><GroupCard /></Col>
        </Row>
      )}
    </GroupContext.Provider>
  );
}

function Refused({ why }: { why: 'membersOnly' | 'rootOnly' }) {
  const { t } = useTranslation();
  return <Card><Result status="403" title={t(`group.${why}`)} subTitle={why === 'membersOnly' ? t('group.membersOnlyHint') : undefined} /></Card>;
}

/** The group's picture and facts, and the user's action: disband (owner, super admin), exit (members), apply, or the standing. */
function GroupCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const g = useGroup();
  const { group } = g;
  const [applying, setApplying] = useState(false);
  const { isLoggedIn } = useAuth();

  const joinPublic = async () => {
    await groupApi.apply(group.id, '', '');
    toast('success', t('group.joined'));
    g.refresh();
  };
  const exit = () => feedback.modal?.confirm({
    title: t('group.exit'), content: t('group.exitConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.exit(group.id);
      toast('success', t('group.exited'));
      g.refresh();
    },
  });
  const disband = () => feedback.modal?.confirm({
    title: t('group.disband'), content: t('group.disbandConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.disband(group.id);
      toast('success', t('group.disbanded'));
      void invalidateGroupLists(qc);
      navigate('/group');
    },
  });

  let action: React.ReactNode = null;
  if (g.isOwner || g.isSuperAdmin) action = <Button danger className="group-danger" onClick={disband} data-testid="group-disband">{t('group.disband')}</Button>;
  else if (g.isMember) action = <Button danger className="group-danger" onClick={exit} data-testid="group-exit">{t('group.exit')}</Button>;
  else if (isLoggedIn && g.level === GroupLevel.NONE) {
    action = group.auth === GroupAuth.PUBLIC
      ? <Button type="primary" onClick={() => void joinPublic()} data-testid="group-apply">{t('group.join')}</Button>
      : <Button type="primary" onClick={() => setApplying(true)} data-testid="group-apply">{t('group.apply')}</Button>;
  } else if (g.level === GroupLevel.APPLYING) action = <Tag color="warning" data-testid="group-standing">{t('group.level.applying')}</Tag>;
  else if (g.level === GroupLevel.REFUSED) action = <Tag color="default" data-testid="group-standing">{t('group.level.refused')}</Tag>;

  return (
    <Card className="group-side">
      <div className="group-side-avatar"><GroupAvatar group={group} size={120} /></div>
      <dl className="group-facts">
        <dt>{t('group.name')}</dt><dd><Tooltip title={group.name}><span data-testid="group-title">{group.name}</span></Tooltip></dd>
        <dt>{t('group.owner')}</dt><dd><Link to={`/user-home?username=${encodeURIComponent(group.owner)}`}><UserOutlined /> {group.owner}</Link></dd>
        <dt>{t('group.auth')}</dt>
        <dd><Space size={4} wrap><GroupAuthTag auth={group.auth} dark />{!group.visible && <Tooltip title={t('group.hiddenTip')}><Tag color="blue">{t('group.hidden')}</Tag></Tooltip>}</Space></dd>
        <dt>{t('group.memberCount')}</dt><dd><TeamOutlined /> {group.memberCount}</dd>
        <dt>{t('group.createdAt')}</dt><dd>{dayjs(group.gmtCreate).format('YYYY-MM-DD')}</dd>
        <dt>{t('group.number')}</dt><dd>{group.id}</dd>
      </dl>
      <div className="group-side-action">{action}</div>
      <ApplyDialog group={group} open={applying} onClose={() => setApplying(false)} onDone={() => { setApplying(false); g.refresh(); }} />
    </Card>
  );
}

/** Apply dialog: the invitation code for private groups, a reason of 5-100 characters for non-public ones. */
function ApplyDialog({ group, open, onClose, onDone }: { group: GroupVo; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'code' | 'reason'>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { first, errors: e } = checkApply(group.auth, code, reason);
    setErrors(e);
    if (first) return showError(first);
    setBusy(true);
    try {
      await groupApi.apply(group.id, group.auth === GroupAuth.PRIVATE ? code.trim() : '', reason.trim());
      toast('success', t('group.applied'));
      setCode('');
      setReason('');
      onDone();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={t('group.apply')} onCancel={onClose} maskClosable={false} width={400}
      footer={<Space><Button onClick={onClose}>{t('group.cancel')}</Button><Button type="primary" loading={busy} onClick={() => void submit()} data-testid="group-apply-ok">{t('group.ok')}</Button></Space>}>
      <Form layout="vertical" data-testid="group-apply-form">
        {group.auth === GroupAuth.PRIVATE && (
          <Form.Item label={t('group.code')} required validateStatus={errors.code ? 'error' : undefined} help={errors.code}>
            <Input value={code} onChange={(e) => setCode(e.target.value)} maxLength={GROUP_LIMITS.code} showCount placeholder={t('group.code')} data-testid="group-apply-code" />
          </Form.Item>
        )}
        <Form.Item label={t('group.reason')} required validateStatus={errors.reason ? 'error' : undefined} help={errors.reason}>
          <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} rows={5} maxLength={GROUP_LIMITS.reason[1]} showCount placeholder={t('group.reason')} data-testid="group-apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
