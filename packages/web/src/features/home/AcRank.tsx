import { Card, Table } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecentAcRankRow } from '@verdict/shared';
import { getAcRank } from './api';
import { UserAvatar } from '../../components/UserAvatar';
import { EmptyState } from '../../components/States';

const MEDALS = ['#f5b700', '#a8b3c1', '#cd7f32'];

/** Users by distinct problems accepted in the last 7 days. */
export function AcRank() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['recent-seven-ac-rank'], queryFn: getAcRank });
  return (
    <Card
      title={
        <span>
          <CrownOutlined style={{ color: '#f5b700', marginRight: 8 }} />
          {t('home.acRank')}
        </span>
      }
      styles={{ body: { padding: 0 } }}
      data-testid="ac-rank"
    >
      <Table<RecentAcRankRow> scroll={{ x: 'max-content' }}
        size="small"
        rowKey="uid"
        pagination={false}
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <EmptyState text={t('home.noRank')} /> }}
        columns={[
          {
            key: 'rank', title: '#', width: 48, align: 'center',
            render: (_v, _r, i) => <span className="home-rank-no" style={{ background: MEDALS[i] ?? '#eef1f6', color: i < 3 ? '#fff' : '#4b5563' }}>{i + 1}</span>,
          },
          {
            key: 'user', title: t('home.user'),
            render: (_v, r) => (
              <Link to={`/user-home?username=${encodeURIComponent(r.username)}`} className="home-rank-user">
                <UserAvatar username={r.username} src={r.avatar} size={24} />
                <span>{r.username}</span>
              </Link>
            ),
          },
          { key: 'ac', title: t('home.acCount'), dataIndex: 'ac', width: 72, align: 'right' },
        ]}
      />
    </Card>
  );
}
