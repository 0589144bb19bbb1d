import { useParams } from 'react-router';
import { ProblemWorkspace } from './ProblemWorkspace';

/** /problem/:problemID (in its own module: the detail page's chunk does not carry the list page). */
export function ProblemDetailPage() {
  const { problemID = '' } = useParams();
  return <ProblemWorkspace key={problemID} problemId={problemID} />;
}
