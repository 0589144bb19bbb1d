import { Result, Spin, Tooltip } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components';
import { StatusMark } from '../problem';
import { fullScreenListQuery } from './api';
import { ContestContext } from './context';
import { ContestProblemPage } from './ContestProblemPage';
import { useContestState } from './ContestShell';
import { clock } from './format';

/** Focus mode /contest/{id}/problem/{pid}/full-screen: a strip of the contest's problems above the problem page. */
export function FullScreenProblem() {
  const { t } = useTranslation();
  const cid = Number(useParams().contestID);
  const current = decodeURIComponent(useParams().problemID ?? '');
  const { info, ctx } = useContestState(cid);
  const strip = useQuery({ ...fullScreenListQuery(cid), enabled: !!ctx?.access });
  if (info.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!ctx) return <Result status="404" title={t('contest.notFound')} />;
  const left = ctx.contest.endTime - ctx.now;
  return (
    <ContestContext.Provider value={ctx}>
      <div className="contest-focus-strip" data-testid="focus-strip">
        <Tooltip title={t('contest.exitFocus')}>
          <LinkButton to={`/contest/${cid}/problem/${encodeURIComponent(current)}`} size="small" icon={<FullscreenExitOutlined />} aria-label={t('contest.exitFocus')} />
        </Tooltip>
        <span className="contest-focus-title">{ctx.contest.title}</span>
        {(strip.data ?? []).map((p) => (
          <Link key={p.pid} to={`/contest/${cid}/problem/${encodeURIComponent(p.problemId)}/full-screen`}
            className={`contest-focus-item ${p.problemId === current ? 'is-current' : ''}`} title={p.title}>
            {p.color && <span className="contest-balloon" style={{ background: p.color }} />}{p.problemId} <StatusMark status={p.status} />
          </Link>
        ))}
        <span className="contest-clock">{left > 0 ? clock(left) : t('contest.endedTag')}</span>
      </div>
      <ContestProblemPage />
    </ContestContext.Provider>
  );
}
