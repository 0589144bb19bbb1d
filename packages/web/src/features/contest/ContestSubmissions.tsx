import { CONTEST_PAGE_SIZES } from '@verdict/shared';
import { SubmissionList } from '../submission';
import { useContest } from './context';

/** Submissions tab: the shared list scoped to the contest, links kept inside it. */
export function ContestSubmissions() {
  const { contest } = useContest();
  return (
    <SubmissionList
      contestId={contest.id}
      pageSize={CONTEST_PAGE_SIZES.submissions}
      problemLink={(s) => `/contest/${contest.id}/problem/${encodeURIComponent(s.displayId ?? s.displayPid)}`}
    />
  );
}
