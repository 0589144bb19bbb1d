import { CommentArea } from '../comment';
import { useContest } from './context';

/** The contest Comment tab (spec 02 §2): the shared comment area with the contest's reply and delete rules. */
export function ContestComment() {
  const { contest, isAdmin } = useContest();
  return <CommentArea place={{ cid: contest.id }} rules={{ contestAdmin: isAdmin, contestOwnerUid: contest.uid }} />;
}
