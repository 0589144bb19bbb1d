import { useState } from 'react';
import { Card, Input, Table, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRAINING_RANK_PAGE_SIZE } from '@verdict/shared';
import { EmptyState, Pagination, STATUS_COLORS, UserAvatar, statusName } from '../../components';
import { useIsNarrow } from '../../lib/hooks';
import { useAuth } from '../../stores/user';
import { trainingProblemsQuery, trainingRankQuery, type TrainingRankRow } from './api';
import { trainingBase, useTraining } from './context';

/** /training/{id}/rank: users who tried, AC count, total run time, per-problem status and run time (spec 02). */
export function TrainingRank() {
  const { t } = useTranslation();
  const tctx = useTraining();
  const { training } = tctx;
  const { user } = useAuth();
  const narrow = useIsNarrow();
  const [page, setPage] = useState({ current: 1, limit: TRAINING_RANK_PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const problems = useQuery(trainingProblemsQuery(training.id));
  const rank = useQuery(trainingRankQuery(training.id, page.current, page.limit, keyword));
  const showReal = training.isTrainingAdmin;
  return (
    <Card title={t('training.rankTab')}>
      <div className="training-rank-search">
        <Input.Search allowClear placeholder={t('training.rankSearch')} maxLength={200} style={{ width: narrow ? '100%' : 300 }}
          onSearch={(v) => { setKeyword(v.trim()); setPage({ ...page, current: 1 }); }} data-testid="training-rank-search" />
      </div>
      <Table<TrainingRankRow>
        rowKey="uid"
        size="small"
        bordered
        loading={rank.isLoading}
        dataSource={rank.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState /> }}
        onRow={(r) => ({ 'data-testid': 'training-rank-row', 'data-username': r.username }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: '#', dataIndex: 'rank', width: 50, fixed: narrow ? undefined : 'left', align: 'center' },
          {
            title: t('training.user'), fixed: narrow ? undefined : 'left', width: narrow ? 150 : 200,
            render: (_, r) => (
              <div className="training-rank-user">
                <UserAvatar username={r.username} src={r.avatar} size={32} />
                <div>
                  <Link to={`/user-home?uid=${r.uid}&username=${encodeURIComponent(r.username)}`}>
                    {r.uid === user?.uid && <Tag color="blue">{t('training.own')}</Tag>}
                    {r.gender === 'female' && <Tag color="magenta">{t('training.girl')}</Tag>}
                    {r.showName}
                  </Link>
                  {r.school && <div className="training-rank-school">{r.school}</div>}
                </div>
              </div>
            ),
          },
          ...(showReal ? [{ title: t('training.realname'), dataIndex: 'realname', width: 100 }] : []),
          {
            title: t('training.totalAc'), width: 100, align: 'center' as const,
            render: (_: unknown, r: TrainingRankRow) => (
              <div data-testid="training-rank-ac">
                <Link to={`/status?username=${encodeURIComponent(r.username)}&status=0`} className="training-rank-ac">{r.ac}</Link>
                <div className="training-rank-time">{r.totalRunTime}ms</div>
              </div>
            ),
          },
          ...(problems.data ?? []).map((p) => ({
            key: p.problemId, width: 80, align: 'center' as const,
            title: <Link to={`${trainingBase(tctx)}/problem/${encodeURIComponent(p.problemId)}`}>{p.problemId}</Link>,
            render: (_: unknown, r: TrainingRankRow) => {
              const c = r.submissionInfo[p.problemId];
              if (!c) return null;
              return (
                <Tooltip title={statusName(c.status)}>
                  <div className={c.isAC ? 'training-cell-ac' : 'training-cell-tried'}>
                    <Typography.Text strong style={{ color: STATUS_COLORS[c.status] ?? undefined }}>{statusName(c.status, true)}</Typography.Text>
                    {c.isAC && <div className="training-rank-time">({c.runTime ?? 0}ms)</div>}
                  </div>
                </Tooltip>
              );
            },
          })),
        ]}
      />
      <Pagination total={rank.data?.total ?? 0} current={page.current} pageSize={page.limit} onChange={(c, s) => setPage({ current: c, limit: s })} />
    </Card>
  );
}

