import { Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contestStatusAt } from '@verdict/shared';
import { contestApi, contestOutsideInfoQuery, useServerClock } from '../contest';
import { Scoreboard } from './Scoreboard';

/** /contest/acm-scoreboard/{id} and /contest/oi-scoreboard/{id}: anyone may watch when the rank is open. */
export function PublicScoreboard() {
  const { t } = useTranslation();
  const cid = Number(useParams().contestID);
  const info = useQuery({ ...contestOutsideInfoQuery(cid), retry: false, enabled: cid > 0 });
  const now = useServerClock(info.data?.contest.now);
  if (info.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!info.data) return <Result status="warning" title={t('scoreboard.closed')} />;
  const { contest, problemList } = info.data;
  return (
    <div>
      <Typography.Title level={3} style={{ textAlign: 'center' }} data-testid="public-board-title">{t('scoreboard.title', { title: contest.title })}</Typography.Title>
      <Scoreboard contest={contest} problems={problemList} load={contestApi.outsideRank} status={contestStatusAt(contest.startTime, contest.endTime, now)} publicBoard />
    </div>
  );
}
