import { useParams } from 'react-router';
import { ProblemListPage } from './ProblemListPage';
import { ProblemWorkspace } from './ProblemWorkspace';

export { ProblemListPage };

export function ProblemDetailPage() {
  const { problemID = '' } = useParams();
  return <ProblemWorkspace key={problemID} problemId={problemID} />;
}
