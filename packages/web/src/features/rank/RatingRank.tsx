import { useState } from 'react';
import { Card, Input, Table, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ratingBandOf, type RatingRankVo } from '@verdict/shared';
import { EmptyState, NicknameTag, Pagination, UserAvatar } from '../../components';
import { useIsNarrow } from '../../lib/hooks';
import { useRatingRank } from './api/get-rating-rank';
import type { RatingRankQuery } from './api/get-user-ratings';
import { RankSwitch } from './RankSwitch';
import './rank.css';

/** /rating-rank: rated users by contest rating (Codeforces' formula), names in their band's colour. */
export function RatingRank() {
  const { t, i18n } = useTranslation();
  const narrow = useIsNarrow();
  const [q, setQ] = useState<RatingRankQuery>({ currentPage: 1, limit: 30 });
  const list = useRatingRank(q);
  const zh = i18n.language === 'zh-CN';
  return (
    <div className="global-rank">
      <RankSwitch value="/rating-rank" />
      <Card title={t('rank.ratingTitle')} style={{ marginTop: 12 }}>
        <div className="global-rank-search">
          <Input.Search allowClear placeholder={t('rank.ratingSearch')} maxLength={50} style={{ width: narrow ? '100%' : 320 }}
            onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} data-testid="rating-rank-search" />
        </div>
        <Table<RatingRankVo>
          rowKey="uid"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState text={t('rank.ratingEmpty')} /> }}
          onRow={(r) => ({ 'data-testid': 'rating-rank-row', 'data-username': r.username }) as React.HTMLAttributes<HTMLTableRowElement>}
          columns={[
            { title: '#', dataIndex: 'rank', width: 60, align: 'center' },
            {
              title: t('rank.user'),
              render: (_, r) => {
                const band = ratingBandOf(r.rating);
                return (
                  <span className="global-rank-user">
                    <UserAvatar username={r.username} src={r.avatar} size={30} />
                    <Tooltip title={zh ? band.zh : band.en}>
                      <Link to={`/user-home?uid=${r.uid}&username=${encodeURIComponent(r.username)}`} style={{ color: band.color, fontWeight: 600 }}>{r.username}</Link>
                    </Tooltip>
                    {r.titleName && <Tag color={r.titleColor || undefined}>{r.titleName}</Tag>}
                  </span>
                );
              },
            },
            { title: t('rank.nickname'), render: (_, r) => <NicknameTag nickname={r.nickname} />, responsive: ['sm'] },
            {
              title: t('rank.contestRating'), align: 'center',
              render: (_, r) => <b style={{ color: ratingBandOf(r.rating).color }} data-testid="rating-rank-rating">{r.rating}</b>,
            },
            { title: t('rank.ratedContests'), dataIndex: 'contests', align: 'center' },
            { title: t('rank.band'), responsive: ['md'], render: (_, r) => { const b = ratingBandOf(r.rating); return <span style={{ color: b.color }}>{zh ? b.zh : b.en}</span>; } },
          ]}
        />
        <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
      </Card>
    </div>
  );
}
