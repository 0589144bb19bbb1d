import { useQuery } from '@tanstack/react-query';
import { Scoreboard } from '../scoreboard';
import { contestApi, contestProblemsQuery } from './api';
import { useContest } from './context';
import { getVirtualContestRank } from './virtual/api/get-virtual-contest-rank';

/**
 * Rank tab: the participants' scoreboard with admin force update and export. A virtual runner
 * (during and after the run) sees the virtual scoreboard: the real participants as ghosts at the
 * runner's elapsed time beside the virtual runners (issue 30).
 */
export function ContestRank() {
  const { contest, containsEnd, isAdmin, status, virtualRun } = useContest();
  const problems = useQuery(contestProblemsQuery(contest.id, containsEnd));
  if (virtualRun) {
    return <Scoreboard contest={contest} problems={problems.data ?? []} load={getVirtualContestRank} status={status} virtualBoard />;
  }
  return (
    <Scoreboard contest={contest} problems={problems.data ?? []} load={contestApi.rank} status={status}
      containsEnd={containsEnd} isAdmin={isAdmin} canExport />
  );
}
