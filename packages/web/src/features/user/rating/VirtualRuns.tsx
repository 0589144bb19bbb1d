import { Card, List, Space, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useUserVirtualContests } from '../api/get-user-virtual-contests';

/** The user home's virtual runs (issue 30): each links to its contest; shown once the user has one. */
export function VirtualRuns({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const runs = useUserVirtualContests(uid);
  const rows = runs.data ?? [];
  if (!rows.length) return null;
  return (
    <Card className="uh-card" title={<><HistoryOutlined /> {t('user.virtualRuns')}</>} data-testid="user-virtual-runs">
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item data-testid="user-virtual-run">
            <Space wrap size={[10, 4]}>
              <Tag color={r.type === 0 ? 'blue' : 'green'}>{r.type === 0 ? 'ACM' : 'OI'}</Tag>
              <Link to={`/contest/${r.cid}`}>{r.title}</Link>
            </Space>
            <Space wrap size={[10, 4]}>
              <Typography.Text type="secondary">{dayjs(r.startTime).format('YYYY-MM-DD HH:mm')}</Typography.Text>
              <Tag color={r.status === 0 ? 'purple' : undefined}>{r.status === 0 ? t('user.virtualRunning') : t('user.virtualEnded')}</Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
