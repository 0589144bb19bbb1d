import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ProblemForm } from '../admin-problem';
import { adminContestQuery } from './api';

/** /admin/contest/{contestId}/problem/create and .../problem/{problemId}/edit: the problem form in contest mode. */
export default function ContestProblemForm() {
  const { contestId, problemId } = useParams();
  const cid = Number(contestId);
  const contest = useQuery({ ...adminContestQuery(cid), enabled: !!cid, retry: false });
  return <ProblemForm key={`${cid}-${problemId ?? 'create'}`} cid={cid} contest={{ loading: contest.isLoading, type: contest.data?.type, title: contest.data?.title }} />;
}
