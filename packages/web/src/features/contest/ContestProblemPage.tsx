import { Alert } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { useLocation, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components';
import { ContestStatus, ContestType, JudgeStatus } from '@verdict/shared';
import { ProblemWorkspace } from '../problem';
import { asProblemDetail, contestProblemApi, contestProblemDetailQuery, invalidateFullScreenLists } from './api';
import { useContest } from './context';

/**
 * /contest/{id}/problem/{displayId}: the shared problem page under contest rules — OI verdicts are hidden
 * without real-time rank (sealed for the viewer), an accepted ACM problem says so, submissions go to the contest.
 */
export function ContestProblemPage() {
  const { t } = useTranslation();
  const displayId = decodeURIComponent(useParams().problemID ?? '');
  const { pathname } = useLocation();
  const { contest, containsEnd, isAdmin, status, access } = useContest();
  const qc = useQueryClient();
  const detail = useQuery({ ...contestProblemDetailQuery(contest.id, displayId, containsEnd), retry: false });
  const sealedNow = contest.sealRank && contest.sealRankTime != null && Date.now() >= contest.sealRankTime && !isAdmin;
  const hideResult = contest.type === ContestType.OI && !isAdmin && (!contest.autoRealRank || sealedNow) && status === ContestStatus.RUNNING;
  const solved = contest.type === ContestType.ACM && detail.data?.myStatus === JudgeStatus.ACCEPTED;
  const ended = status === ContestStatus.ENDED && !contest.allowEndSubmit && !isAdmin;
  return (
    <>
      {!pathname.endsWith('/full-screen') && (
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <LinkButton to={`${pathname.replace(/\/$/, '')}/full-screen`} size="small" icon={<FullscreenOutlined />} data-testid="focus-mode">{t('contest.focus')}</LinkButton>
        </div>
      )}
      {ended && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('contest.endedTag')} />}
      <ProblemWorkspace
        key={`${contest.id}-${displayId}`}
        problemId={displayId}
        cid={contest.id}
        loadDetail={async () => asProblemDetail(await contestProblemApi.detail(contest.id, displayId, containsEnd))}
        submitDisabled={!access || ended}
        hideResult={hideResult}
        solved={solved}
        onJudged={() => void invalidateFullScreenLists(qc)}
      />
    </>
  );
}
