import { Button, Result, Spin, Tooltip } from 'antd';
import { FullscreenExitOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusMark } from '../problem';
import { trainingFullScreenQuery } from './api';
import { TrainingContext } from './context';
import { TrainingProblemPage } from './TrainingProblemPage';
import { useTrainingState } from './TrainingShell';
import './training.css';

/** Focus mode /training/{id}/problem/{pid}/full-screen: the training's problems in a strip above the problem. */
export function FullScreenProblem({ groupId }: { groupId?: number } = {}) {
  const { t } = useTranslation();
  const tid = Number(useParams().trainingID);
  const current = decodeURIComponent(useParams().problemID ?? '');
  const state = useTrainingState(tid);
  const { detail } = state;
  // A group's training lives under /group/{gid}/training/{tid} and submits with the group's id.
  const base = groupId ? `/group/${groupId}/training/${tid}` : `/training/${tid}`;
  const ctx = state.ctx ? { ...state.ctx, base, gid: groupId } : null;
  const strip = useQuery({ ...trainingFullScreenQuery(tid), enabled: !!ctx?.access });
  if (detail.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!ctx || !ctx.access) return <Result status="404" title={t('training.notFound')} extra={<Link to={base}><Button type="primary">{t('training.home')}</Button></Link>} />;
  return (
    <TrainingContext.Provider value={ctx}>
      <div className="training-focus-strip" data-testid="focus-strip">
        <Tooltip title={t('training.exitFocus')}>
          <Link to={`${base}/problem/${encodeURIComponent(current)}`}><Button size="small" icon={<FullscreenExitOutlined />} aria-label={t('training.exitFocus')} /></Link>
        </Tooltip>
        <span className="training-focus-title">{ctx.training.title}</span>
        {(strip.data ?? []).map((p) => (
          <Link key={p.pid} to={`${base}/problem/${encodeURIComponent(p.problemId)}/full-screen`}
            className={`training-focus-item ${p.problemId === current ? 'is-current' : ''}`} title={p.title}>
            {p.problemId} <StatusMark status={p.status} />
          </Link>
        ))}
      </div>
      <TrainingProblemPage />
    </TrainingContext.Provider>
  );
}
