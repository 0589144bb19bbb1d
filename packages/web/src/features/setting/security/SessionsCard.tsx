import { Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toast } from '../../../lib/feedback';
import { useSessions } from './api/get-sessions';
import { useSignOutSession } from './api/sign-out-session';
import { useSignOutOtherSessions } from './api/sign-out-other-sessions';

const when = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** The caller's live logins: device, address, started, last seen; sign out one, or all others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const q = useSessions();
  const one = useSignOutSession();
  const others = useSignOutOtherSessions();
  const rows = q.data ?? [];
  const hasOthers = rows.some((r) => !r.current);
  return (
    <Card
      size="small"
      title={t('security.sessions')}
      className="setting-card"
      data-testid="sessions-card"
      extra={
        <Popconfirm title={t('security.signOutOthersConfirm')} disabled={!hasOthers} onConfirm={async () => {
          const r = await others.mutateAsync();
          toast('success', t('security.signedOut', { n: r.signedOut }));
        }}>
          <Button size="small" danger disabled={!hasOthers} loading={others.isPending} data-testid="sign-out-others">{t('security.signOutOthers')}</Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary" className="security-intro">{t('security.sessionsIntro')}</Typography.Paragraph>
      <List
        loading={q.isLoading}
        dataSource={rows}
        rowKey="id"
        renderItem={(s) => (
          <List.Item
            data-testid="session-row"
            actions={s.current ? [] : [
              <Popconfirm key="out" title={t('security.signOutConfirm')} onConfirm={async () => {
                const r = await one.mutateAsync(s.id);
                toast('success', t('security.signedOut', { n: r.signedOut }));
              }}>
                <Button size="small" icon={<LogoutOutlined />} data-testid="sign-out-one">{t('security.signOut')}</Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={s.mobile ? <MobileOutlined className="security-device-icon" /> : <DesktopOutlined className="security-device-icon" />}
              title={
                <Space size={6} wrap>
                  <span title={s.userAgent}>{s.device}</span>
                  {s.current && <Tag color="success">{t('security.thisDevice')}</Tag>}
                  {s.adminLogin && <Tag>{t('security.adminLogin')}</Tag>}
                </Space>
              }
              description={
                <Space size={[12, 0]} wrap className="security-session-meta">
                  {s.ip && <span>{t('security.address', { ip: s.ip })}</span>}
                  <span>{t('security.started', { time: when(s.startedAt) })}</span>
                  <span>{t('security.lastSeen', { time: when(s.lastSeenAt) })}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {!q.isLoading && !hasOthers && <Typography.Text type="secondary">{t('security.noOthers')}</Typography.Text>}
    </Card>
  );
}
