import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { CalculatorOutlined, RollbackOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ContestStatus, ratingBandOf, type ContestRatingChangeVo, type ContestRatingVo } from '@verdict/shared';
import { PageLoading } from '../../../components';
import { toast } from '../../../lib/feedback';
import { adminContestQuery } from '../api';
import { useCalculateRating, useUnrateContest } from './api/calculate-rating';
import { useContestRating } from './api/get-contest-rating-changes';

const STATE_COLORS: Record<ContestRatingVo['state'], string | undefined> = {
  unrated: undefined, waiting: 'gold', pending: 'blue', running: 'processing', done: 'green', failed: 'red',
};

/**
 * /admin/contest/{id}/rating (issue 30): an ended rated contest's rating state, "Compute ratings"
 * (re-runnable after a rejudge; later computed contests follow) with the changes, and unrate.
 */
export default function ContestRatingPage() {
  const { t } = useTranslation();
  const cid = Number(useParams().contestId);
  const contest = useQuery(adminContestQuery(cid));
  const rating = useContestRating(cid);
  const calc = useCalculateRating(cid);
  const unrate = useUnrateContest(cid);
  if (contest.isLoading || rating.isLoading) return <PageLoading />;
  const c = contest.data;
  const r = rating.data;
  if (!c || !r) return <Alert type="error" showIcon message={t('adminRating.empty')} />;
  const ended = c.status === ContestStatus.ENDED;
  const cascade = (calc.data ?? unrate.data)?.cascade ?? [];
  const compute = async () => {
    await calc.mutateAsync();
    toast('success', t('adminRating.computed'));
  };
  const takeBack = async () => {
    await unrate.mutateAsync();
    toast('success', t('adminRating.unrated'));
  };
  return (
    <Card
      title={<Space wrap><span>{t('adminRating.page')}</span><Link to={`/contest/${cid}`}>{c.title}</Link></Space>}
      extra={
        <Space wrap>
          <Popconfirm title={t('adminRating.computeConfirm')} onConfirm={() => compute().catch(() => undefined)} overlayStyle={{ maxWidth: 360 }}>
            <Button type="primary" icon={<CalculatorOutlined />} loading={calc.isPending} disabled={!r.rated || !ended} data-testid="rating-compute">
              {r.state === 'done' ? t('adminRating.recompute') : t('adminRating.compute')}
            </Button>
          </Popconfirm>
          {r.rated && (
            <Popconfirm title={t('adminRating.unrateConfirm')} onConfirm={() => takeBack().catch(() => undefined)} okButtonProps={{ danger: true }} overlayStyle={{ maxWidth: 360 }}>
              <Button danger icon={<RollbackOutlined />} loading={unrate.isPending}>{t('adminRating.unrate')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {!r.rated && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('adminRating.notRated')} />}
      {r.rated && !ended && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('adminRating.notEnded')} />}
      {cascade.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="rating-cascade"
          message={<>{t('adminRating.cascade')} {cascade.map((x) => <Link key={x.cid} to={`/admin/contest/${x.cid}/rating`} style={{ marginInlineEnd: 8 }}>{x.title} (#{x.cid})</Link>)}</>} />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('adminRating.state')}><Tag color={STATE_COLORS[r.state]} data-testid="rating-state">{t(`adminRating.states.${r.state}`)}</Tag></Descriptions.Item>
        <Descriptions.Item label={t('adminRating.doneAt')}>{r.doneAt ? dayjs(r.doneAt).format('YYYY-MM-DD HH:mm:ss') : '-'}</Descriptions.Item>
      </Descriptions>
      <Table<ContestRatingChangeVo>
        rowKey="uid"
        size="small"
        dataSource={r.changes}
        pagination={r.changes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('adminRating.empty') }}
        onRow={(x) => ({ 'data-testid': 'rating-change-row', 'data-username': x.username }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('adminRating.place'), dataIndex: 'rank', width: 70, align: 'center' },
          {
            title: t('adminRating.user'),
            render: (_, x) => (
              <Space size={4}>
                <Link to={`/user-home?uid=${x.uid}`} style={{ color: ratingBandOf(x.newRating).color, fontWeight: 600 }}>{x.username}</Link>
                {x.isFirst && <Tag>{t('adminRating.first')}</Tag>}
              </Space>
            ),
          },
          { title: t('adminRating.old'), dataIndex: 'oldRating', align: 'center' },
          {
            title: t('adminRating.delta'), align: 'center',
            render: (_, x) => <Typography.Text strong type={x.delta >= 0 ? 'success' : 'danger'} data-testid="rating-delta">{x.delta > 0 ? '+' : ''}{x.delta}</Typography.Text>,
          },
          { title: t('adminRating.new'), align: 'center', render: (_, x) => <b style={{ color: ratingBandOf(x.newRating).color }}>{x.newRating}</b> },
          { title: t('adminRating.performance'), dataIndex: 'performance', align: 'center', responsive: ['sm'] },
        ]}
      />
    </Card>
  );
}
