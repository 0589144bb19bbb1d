import { lazy, Suspense } from 'react';
import { Card, Empty, Skeleton, Space, Statistic, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ratingBandOf, type RatingHistoryVo } from '@verdict/shared';
import { useUserRating, useUserRatingHistory } from '../api/get-user-rating-history';
import './rating.css';

// ECharts' line chart only loads for a user who has a rated contest.
const RatingChart = lazy(() => import('./RatingChart'));

/** The user home's contest rating (issue 30): current rating and band, best, place, the chart and the last changes. */
export function RatingCard({ uid }: { uid: number }) {
  const { t, i18n } = useTranslation();
  const history = useUserRatingHistory(uid);
  const rating = useUserRating(uid);
  const rows = history.data ?? [];
  const zh = i18n.language === 'zh-CN';
  if (history.isLoading) return <Card className="uh-card" title={t('user.ratingTitle')}><Skeleton active paragraph={{ rows: 3 }} /></Card>;
  if (!rows.length) {
    return (
      <Card className="uh-card" title={t('user.ratingTitle')} data-testid="user-rating">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.ratingNone')} />
      </Card>
    );
  }
  const cur = rating.data?.rating ?? rows[rows.length - 1]!.newRating;
  const best = Math.max(...rows.map((r) => r.newRating));
  const band = ratingBandOf(cur), bestBand = ratingBandOf(best);
  return (
    <Card className="uh-card" title={t('user.ratingTitle')} data-testid="user-rating">
      <Space size={[32, 8]} wrap className="uh-rating-stats">
        <Statistic title={t('user.ratingNow')} value={cur} groupSeparator="" valueStyle={{ color: band.color, fontWeight: 700 }}
          suffix={<Tag color={band.color} className="uh-rating-band" data-testid="user-rating-band">{zh ? band.zh : band.en}</Tag>} />
        <Statistic title={t('user.ratingBest')} value={best} groupSeparator="" valueStyle={{ color: bestBand.color }} />
        <Statistic title={t('user.ratingContests')} value={rows.length} />
        {rating.data?.position != null && <Statistic title={t('user.ratingPosition')} value={rating.data.position} prefix="#" />}
      </Space>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <RatingChart history={rows} />
      </Suspense>
      <Table<RatingHistoryVo>
        className="uh-rating-table"
        size="small"
        rowKey="cid"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...rows].reverse().slice(0, 10)}
        columns={[
          { title: t('user.ratingContest'), render: (_, r) => <Link to={`/contest/${r.cid}`}>{r.title}</Link> },
          { title: t('user.ratingTime'), render: (_, r) => dayjs(r.time).format('YYYY-MM-DD'), responsive: ['sm'] },
          { title: t('user.ratingPlace'), dataIndex: 'rank', align: 'center' },
          {
            title: t('user.ratingChange'), align: 'center',
            render: (_, r) => <b className={r.delta >= 0 ? 'uh-rating-up' : 'uh-rating-down'}>{r.delta > 0 ? '+' : ''}{r.delta}</b>,
          },
          { title: t('user.ratingNew'), align: 'center', render: (_, r) => <span style={{ color: ratingBandOf(r.newRating).color, fontWeight: 600 }}>{r.newRating}</span> },
        ]}
      />
    </Card>
  );
}
