import { useParams } from 'react-router';
import ProblemForm from '../admin-problem/form/ProblemForm';

/** /admin/contest/{contestId}/problem/create and .../problem/{problemId}/edit: the problem form in contest mode. */
export default function ContestProblemForm() {
  const { contestId, problemId } = useParams();
  const cid = Number(contestId);
  return <ProblemForm key={`${cid}-${problemId ?? 'create'}`} cid={cid} />;
}
