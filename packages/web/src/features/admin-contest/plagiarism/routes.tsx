import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';
import { PageLoading } from '../../../components/States';

// The plagiarism check's screens (issue 31) load on demand, in their own chunks.
const PlagiarismPage = lazy(() => import('./PlagiarismPage'));
const PairPage = lazy(() => import('./PairPage'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [
    { path: 'contest/:contestId/plagiarism', element: page(<PlagiarismPage />), handle: { activeMenu: '/admin/contest', title: 'adminContest.pagePlagiarism' } },
    { path: 'contest/:contestId/plagiarism/:left/:right', element: page(<PairPage />), handle: { activeMenu: '/admin/contest', title: 'adminContest.pagePlagiarismPair' } },
  ],
};
export default routes;
