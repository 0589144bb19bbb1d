import { useState } from 'react';
import { Card, Input, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GLOBAL_RANK_PAGE_SIZE, acRate } from '@verdict/shared';
import { EmptyState, NicknameTag, Pagination, UserAvatar } from '../../components';
import { useIsNarrow } from '../../lib/hooks';
import { rankListQuery, rankTopQuery, type GlobalRankRecord, type RankQuery } from './api';
import { TopChart } from './TopChart';
import { RankSwitch } from './RankSwitch';
import { useRatingColors } from './rating-color';
import './rank.css';

/** /acm-rank and /oi-rank: the top-10 chart, a username search and the table of spec 02 (page size 30). */
export function GlobalRank({ type }: { type: 0 | 1 }) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const oi = type === 1;
  const [q, setQ] = useState<RankQuery>({ type, currentPage: 1, limit: GLOBAL_RANK_PAGE_SIZE });
  const list = useQuery(rankListQuery(q));
  const top = useQuery(rankTopQuery(type));
  const colorOf = useRatingColors((list.data?.records ?? []).map((r) => r.uid));
  return (
    <div className="global-rank">
      <RankSwitch value={oi ? '/oi-rank' : '/acm-rank'} />
      <Card style={{ marginTop: 12 }} title={`${oi ? t('rank.oiTitle') : t('rank.acmTitle')} · ${t('rank.top10')}`} className="global-rank-chart">
        {top.data && top.data.records.length ? <TopChart rows={top.data.records} oi={oi} /> : <EmptyState text={t('rank.empty')} />}
      </Card>
      <Card style={{ marginTop: 12 }}>
        <div className="global-rank-search">
          <Input.Search allowClear placeholder={t('rank.search')} maxLength={200} style={{ width: narrow ? '100%' : 320 }}
            onSearch={(v) => setQ({ ...q, searchUser: v.trim() || undefined, currentPage: 1 })} data-testid="rank-search" />
        </div>
        <Table<GlobalRankRecord>
          rowKey="uid"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState text={t('rank.empty')} /> }}
          onRow={(r) => ({ 'data-testid': 'rank-row', 'data-username': r.username }) as React.HTMLAttributes<HTMLTableRowElement>}
          columns={[
            { title: '#', dataIndex: 'rank', width: 60, align: 'center', render: (v: number) => <span data-testid="rank-seq">{v}</span> },
            {
              title: t('rank.user'),
              render: (_, r) => (
                <span className="global-rank-user">
                  <UserAvatar username={r.username} src={r.avatar} size={30} />
                  <Link to={`/user-home?uid=${r.uid}&username=${encodeURIComponent(r.username)}`} style={colorOf(r.uid) ? { color: colorOf(r.uid), fontWeight: 600 } : undefined}>{r.username}</Link>
                  {r.titleName && <Tag color={r.titleColor || undefined}>{r.titleName}</Tag>}
                </span>
              ),
            },
            { title: t('rank.nickname'), render: (_, r) => <NicknameTag nickname={r.nickname} />, responsive: ['sm'] },
            {
              title: t('rank.ac'), align: 'center',
              render: (_, r) => <Link to={`/status?username=${encodeURIComponent(r.username)}&status=0`} data-testid="rank-ac">{r.ac}</Link>,
            },
            { title: t('rank.total'), align: 'center', render: (_, r) => <Link to={`/status?username=${encodeURIComponent(r.username)}`}>{r.total}</Link> },
            ...(oi ? [{ title: t('rank.score'), align: 'center' as const, render: (_: unknown, r: GlobalRankRecord) => <span data-testid="rank-score">{r.score}</span> }] : []),
            { title: t('rank.rating'), align: 'center', render: (_, r) => `${acRate(r.ac, r.total)}%` },
            {
              title: t('rank.signature'), responsive: ['md'],
              render: (_, r) => <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }}>{r.signature}</Typography.Text>,
            },
          ]}
        />
        <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
      </Card>
    </div>
  );
}

export const AcmRankPage = () => <GlobalRank type={0} />;
export const OiRankPage = () => <GlobalRank type={1} />;
