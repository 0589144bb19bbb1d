import { Button } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProblemWorkspace } from '../problem';
import { invalidateAfterTrainingJudge } from './api';
import { useTraining } from './context';

/** /training/{id}/problem/{problemId}: the problem page in the training's context (submissions carry tid). */
export function TrainingProblemPage() {
  const { t } = useTranslation();
  const problemId = decodeURIComponent(useParams().problemID ?? '');
  const { pathname } = useLocation();
  const { training, gid } = useTraining();
  const qc = useQueryClient();
  // A verdict changes the progress bar, the status marks and the rank.
  const judged = () => {
    invalidateAfterTrainingJudge(qc, training.id);
  };
  return (
    <>
      {!pathname.endsWith('/full-screen') && (
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <Link to={`${pathname.replace(/\/$/, '')}/full-screen`}><Button size="small" icon={<FullscreenOutlined />} data-testid="focus-mode">{t('training.focus')}</Button></Link>
        </div>
      )}
      <ProblemWorkspace key={`${training.id}-${problemId}`} problemId={problemId} tid={training.id} gid={gid} onJudged={judged} />
    </>
  );
}
