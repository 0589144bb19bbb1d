import { useState } from 'react';
import { Card, Input, Radio, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acRate } from '@verdict/shared';
import { EmptyState, NicknameTag, Pagination, UserAvatar } from '../../components';
import { useIsNarrow } from '../../lib/hooks';
import { groupRankQuery, type GroupRankRow } from './api';
import { useGroup } from './context';
import { GROUP_PAGE } from './limits';

/** /group/{id}/rank (spec 03 §2.3): search, ACM/OI switch (0/1), sequence, user with title, nickname, AC, total, score, rating; 30 a page. */
export function GroupRank() {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const { gid } = useGroup();
  const [type, setType] = useState<0 | 1>(0);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.rank);
  const list = useQuery({ ...groupRankQuery(gid, page, limit, type, search), placeholderData: keepPreviousData });
  return (
    <Card title={t('group.tab.rank')} extra={
      <Radio.Group optionType="button" buttonStyle="solid" value={type} onChange={(e) => { setType(e.target.value); setPage(1); }} data-testid="group-rank-type"
        options={[{ value: 0, label: t('group.acmRank') }, { value: 1, label: t('group.oiRank') }]} />
    }>
      <Space style={{ marginBottom: 12, width: '100%' }} direction="vertical">
        <Input.Search allowClear placeholder={t('group.rankSearch')} maxLength={200} style={{ width: narrow ? '100%' : 320 }} aria-label={t('group.rankSearch')}
          onSearch={(v) => { setSearch(v.trim()); setPage(1); }} />
      </Space>
      <Table<GroupRankRow>
        rowKey={(r) => String(r.uid)} loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('group.noRank')} /> }}
        onRow={(r) => ({ 'data-testid': 'group-rank-row', 'data-username': r.username }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: '#', width: 60, align: 'center', render: (_, _r, i) => (page - 1) * limit + i + 1 },
          {
            title: t('group.user'),
            render: (_, r) => (
              <span className="group-rank-user">
                <UserAvatar username={r.username} src={r.avatar} size={28} />
                <Link to={`/user-home?username=${encodeURIComponent(r.username)}`}>{r.username}</Link>
                {r.titleName && <Tag color={r.titleColor || undefined}>{r.titleName}</Tag>}
              </span>
            ),
          },
          { title: t('group.nickname'), render: (_, r) => <NicknameTag nickname={r.nickname} />, responsive: ['sm'] },
          { title: 'AC', align: 'center', render: (_, r) => <span data-testid="group-rank-ac">{r.ac}</span> },
          { title: t('group.total'), align: 'center', dataIndex: 'total' },
          ...(type === 1 ? [{ title: t('group.score'), align: 'center' as const, render: (_: unknown, r: GroupRankRow) => <span data-testid="group-rank-score">{r.score}</span> }] : []),
          { title: t('group.rating'), align: 'center', render: (_, r) => `${acRate(r.ac, r.total)}%` },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </Card>
  );
}
