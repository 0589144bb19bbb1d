import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const load = <K extends string>(name: K, loader: () => Promise<Record<K, React.ComponentType>>) => lazy(() => loader().then((m) => ({ default: m[name] })));
const ContestList = load('ContestList', () => import('./ContestList'));
const ContestShell = load('ContestShell', () => import('./ContestShell'));
const ContestHome = load('ContestHome', () => import('./ContestHome'));
const ContestProblems = load('ContestProblems', () => import('./ContestProblems'));
const ContestProblemPage = load('ContestProblemPage', () => import('./ContestProblemPage'));
const ContestSubmissions = load('ContestSubmissions', () => import('./ContestSubmissions'));
const ContestRank = load('ContestRank', () => import('./ContestRank'));
const ContestAnnouncements = load('ContestAnnouncements', () => import('./ContestAnnouncements'));
const ContestAcInfo = load('ContestAcInfo', () => import('./ContestAcInfo'));
const ContestPrint = load('ContestPrint', () => import('./ContestPrint'));
const ContestAdminPrint = load('ContestAdminPrint', () => import('./ContestAdminPrint'));
const ScrollBoardConfig = load('ScrollBoardConfig', () => import('../scroll-board/ScrollBoardConfig'));
const ContestComment = load('ContestComment', () => import('./ContestComment'));
const ContestRejudge = load('ContestRejudge', () => import('./ContestRejudge'));
const FullScreenProblem = load('FullScreenProblem', () => import('./FullScreenProblem'));
const SubmissionDetailPage = load('SubmissionDetailPage', () => import('../submission/pages'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/contest', element: page(<ContestList />) },
    {
      path: '/contest/:contestID/problem/:problemID/full-screen',
      element: page(<FullScreenProblem />),
      handle: { requireLogin: true, fullScreen: true, navMode: 'contest' },
    },
    {
      path: '/contest/:contestID',
      element: page(<ContestShell />),
      handle: { requireLogin: true, navMode: 'contest' },
      children: [
        { index: true, element: page(<ContestHome />) },
        { path: 'problems', element: page(<ContestProblems />) },
        { path: 'problem/:problemID', element: page(<ContestProblemPage />), handle: { hideFooter: true } },
        { path: 'problem/:problemID/submission-detail/:submitID', element: page(<SubmissionDetailPage />) },
        { path: 'submissions', element: page(<ContestSubmissions />) },
        { path: 'rank', element: page(<ContestRank />) },
        { path: 'announcements', element: page(<ContestAnnouncements />) },
        { path: 'ac-info', element: page(<ContestAcInfo />) },
        { path: 'print', element: page(<ContestPrint />) },
        { path: 'admin-print', element: page(<ContestAdminPrint />) },
        { path: 'comment', element: page(<ContestComment />), handle: { requireSwitch: 'openContestComment' } },
        { path: 'rejudge', element: page(<ContestRejudge />) },
        { path: 'scroll-board', element: page(<ScrollBoardConfig />) },
      ],
    },
  ],
};
export default routes;
