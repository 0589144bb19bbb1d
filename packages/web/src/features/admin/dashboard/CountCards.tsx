import { Card, Col, Row, Statistic } from 'antd';
import { CloudServerOutlined, FileTextOutlined, SendOutlined, TeamOutlined, TrophyOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '@verdict/shared';

/** The site's totals: users, problems, contests, submissions, today's numbers and judges online. */
export function CountCards({ info, loading }: { info?: DashboardInfo; loading: boolean }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'userCount', value: info?.userCount, icon: <TeamOutlined />, color: '#2557e0' },
    { key: 'todayRegisterCount', value: info?.todayRegisterCount, icon: <UserAddOutlined />, color: '#0ea5e9' },
    { key: 'problemCount', value: info?.problemCount, icon: <FileTextOutlined />, color: '#19a05c' },
    { key: 'contestCount', value: info?.contestCount, icon: <TrophyOutlined />, color: '#e8a317' },
    { key: 'submissionCount', value: info?.submissionCount, suffix: info ? ` / +${info.todaySubmissionCount}` : '', icon: <SendOutlined />, color: '#8b5cf6' },
    { key: 'judgeOnline', value: info?.judgeServers.online, suffix: info ? ` / ${info.judgeServers.total}` : '', icon: <CloudServerOutlined />, color: '#e5484d' },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-counts">
      {cards.map((c) => (
        <Col xs={12} md={8} xl={4} key={c.key}>
          <Card className="admin-count-card" loading={loading} size="small">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Statistic title={t(`admin.dashboard.${c.key}`)} value={c.value ?? 0} suffix={<span style={{ fontSize: 13, color: 'var(--v-text-3)' }}>{c.suffix}</span>} />
              <span className="admin-count-icon" style={{ color: c.color }}>
                {c.icon}
              </span>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
