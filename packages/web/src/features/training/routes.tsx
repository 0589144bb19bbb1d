import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const load = <K extends string>(name: K, loader: () => Promise<Record<K, React.ComponentType>>) => lazy(() => loader().then((m) => ({ default: m[name] })));
const TrainingList = load('TrainingList', () => import('./TrainingList'));
const TrainingShell = load('TrainingShell', () => import('./TrainingShell'));
const TrainingHome = load('TrainingHome', () => import('./TrainingHome'));
const TrainingProblems = load('TrainingProblems', () => import('./TrainingProblems'));
const TrainingProblemPage = load('TrainingProblemPage', () => import('./TrainingProblemPage'));
const TrainingRank = load('TrainingRank', () => import('./TrainingRank'));
const FullScreenProblem = load('FullScreenProblem', () => import('./FullScreenProblem'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/training', element: page(<TrainingList />) },
    {
      path: '/training/:trainingID/problem/:problemID/full-screen',
      element: page(<FullScreenProblem />),
      handle: { requireLogin: true, fullScreen: true, navMode: 'training' },
    },
    {
      path: '/training/:trainingID',
      element: page(<TrainingShell />),
      handle: { requireLogin: true, navMode: 'training' },
      children: [
        { index: true, element: page(<TrainingHome />) },
        { path: 'problems', element: page(<TrainingProblems />) },
        { path: 'problem/:problemID', element: page(<TrainingProblemPage />), handle: { hideFooter: true } },
        { path: 'rank', element: page(<TrainingRank />) },
      ],
    },
  ],
};
export default routes;
