import { useQuery } from '@tanstack/react-query';
import { Scoreboard } from '../scoreboard';
import { contestApi, contestProblemsQuery } from './api';
import { useContest } from './context';

/** Rank tab: the participants' scoreboard with admin force update and export. */
export function ContestRank() {
  const { contest, containsEnd, isAdmin, status } = useContest();
  const problems = useQuery(contestProblemsQuery(contest.id, containsEnd));
  return (
    <Scoreboard contest={contest} problems={problems.data ?? []} load={contestApi.rank} status={status}
      containsEnd={containsEnd} isAdmin={isAdmin} canExport />
  );
}
