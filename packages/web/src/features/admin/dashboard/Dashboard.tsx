import { Alert, Card, Col, Descriptions, Row, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DashboardInfo, ServiceInfo, SessionRow } from '@verdict/shared';
import { RoleBadge, UserAvatar } from '../../../components';
import { useAuth } from '../../../stores/user';
import { dashboardInfoQuery, judgeServersQuery, serviceInfoQuery, sessionsQuery } from './api';
import { CountCards } from './CountCards';
import { JudgeServers } from './JudgeServers';
import { fmtBytes, fmtDuration } from './format';
import '../admin.css';

const time = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(v).format('YYYY-MM-DD HH:mm:ss')}</span>;

function RecentLogins({ rows }: { rows: DashboardInfo['recentLogins'] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="uid"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('admin.user.username'),
          dataIndex: 'username',
          render: (v: string, r) => (
            <Link to={`/user-home?uid=${r.uid}`} target="_blank" style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <UserAvatar username={v} src={r.avatar} size={22} />
              {v}
            </Link>
          ),
        },
        { title: t('admin.dashboard.time'), dataIndex: 'lastLoginTime', render: time },
        { title: 'IP', dataIndex: 'lastLoginIp', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

function MySessions({ rows, loading }: { rows: SessionRow[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<SessionRow>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 6, hideOnSinglePage: true, size: 'small' }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('admin.dashboard.time'), dataIndex: 'createdAt', render: time },
        { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '-' },
        { title: t('admin.dashboard.userAgent'), dataIndex: 'userAgent', ellipsis: true, render: (v: string | null) => v ?? '-' },
        {
          title: '',
          render: (_, r) => (
            <>
              {r.current && <Tag color="green">{t('admin.dashboard.current')}</Tag>}
              {r.isAdminLogin && <Tag>{t('admin.dashboard.adminLogin')}</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}

function Service({ info }: { info: ServiceInfo }) {
  const { t, i18n } = useTranslation();
  const items: [string, string][] = [
    ['version', info.version],
    ['nodeVersion', info.nodeVersion],
    ['platform', info.platform],
    ['cpuCores', String(info.cpuCores)],
    ['loadAverage', info.loadAverage.join(' / ')],
    ['memory', `${fmtBytes(info.memoryRss)} (${t('admin.dashboard.freeOf', { free: fmtBytes(info.freeMemory), total: fmtBytes(info.totalMemory) })})`],
    ['database', info.dbKind === 'postgres' ? 'PostgreSQL' : 'SQLite'],
    ['redis', info.redis ? t('admin.dashboard.enabled') : t('admin.dashboard.notUsed')],
    ['uptime', fmtDuration(info.uptimeSeconds, i18n.language !== 'en-US')],
    ['startedAt', dayjs(info.startedAt).format('YYYY-MM-DD HH:mm:ss')],
  ];
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      {items.map(([k, v]) => (
        <Descriptions.Item key={k} label={t(`admin.dashboard.service.${k}`)}>
          {v}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** /admin/dashboard: counts, recent logins, the caller's sessions, and (super admin) service and judge info. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { user, isRoot } = useAuth();
  const info = useQuery(dashboardInfoQuery());
  const sessions = useQuery(sessionsQuery());
  const service = useQuery({ ...serviceInfoQuery(), enabled: isRoot });
  const judges = useQuery({ ...judgeServersQuery(), enabled: isRoot, refetchInterval: 10_000 });

  return (
    <div className="admin-page" data-testid="admin-dashboard">
      <Card>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <UserAvatar username={user?.username ?? ''} src={user?.avatar} size={56} />
          <div>
            <div style={{ fontSize: 18, fontWeight: 600 }}>
              {t('admin.dashboard.hello', { name: user?.username ?? '' })} <RoleBadge roles={user?.roleList} />
            </div>
            <div className="admin-muted">{t('admin.dashboard.welcome')}</div>
          </div>
        </div>
      </Card>
      {info.data && !info.data.mail.configured && (
        <Alert type="warning" showIcon message={t('admin.dashboard.mailNotConfigured')} action={isRoot ? <Link to="/admin/conf">{t('admin.dashboard.configureMail')}</Link> : undefined} data-testid="mail-not-configured" />
      )}
      <CountCards info={info.data} loading={info.isLoading} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('admin.dashboard.recentLogins')} loading={info.isLoading} style={{ height: '100%' }}>
            <div className="admin-table-wrap">
              <RecentLogins rows={info.data?.recentLogins ?? []} />
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('admin.dashboard.mySessions')} style={{ height: '100%' }}>
            <div className="admin-table-wrap">
              <MySessions rows={sessions.data?.sessions ?? []} loading={sessions.isLoading} />
            </div>
          </Card>
        </Col>
      </Row>
      {isRoot && (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <Card title={t('admin.dashboard.judgeService')}>
              <JudgeServers rows={judges.data ?? []} loading={judges.isLoading} />
            </Card>
          </Col>
          <Col xs={24}>
            <Card title={t('admin.dashboard.serviceInfo')} loading={service.isLoading} style={{ height: '100%' }}>
              {service.data ? <Service info={service.data} /> : <span className="admin-muted">{t('admin.dashboard.noServiceInfo')}</span>}
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
