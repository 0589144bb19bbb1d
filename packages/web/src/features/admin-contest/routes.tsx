import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// Admin screens are loaded on demand so the public bundle stays small.
const AdminContestList = lazy(() => import('./AdminContestList'));
const ContestForm = lazy(() => import('./ContestForm'));
const AdminContestProblems = lazy(() => import('./AdminContestProblems'));
const AdminContestAnnouncements = lazy(() => import('./AdminContestAnnouncements'));
const ContestProblemForm = lazy(() => import('./ContestProblemForm'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [
    { path: 'contest', element: page(<AdminContestList />) },
    { path: 'contest/create', element: page(<ContestForm key="create" />) },
    { path: 'contest/:contestId/edit', element: page(<ContestForm />) },
    { path: 'contest/:contestId/problems', element: page(<AdminContestProblems />) },
    { path: 'contest/:contestId/announcement', element: page(<AdminContestAnnouncements />) },
    { path: 'contest/:contestId/problem/create', element: page(<ContestProblemForm />), handle: { activeMenu: '/admin/contest' } },
    { path: 'contest/:contestId/problem/:problemId/edit', element: page(<ContestProblemForm />), handle: { activeMenu: '/admin/contest' } },
  ],
};
export default routes;
