import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// Admin screens are loaded on demand so the public bundle stays small.
const AdminContestList = lazy(() => import('./AdminContestList'));
const ContestForm = lazy(() => import('./ContestForm'));
const AdminContestProblems = lazy(() => import('./AdminContestProblems'));
const AdminContestAnnouncements = lazy(() => import('./AdminContestAnnouncements'));
const ContestProblemForm = lazy(() => import('./ContestProblemForm'));
const ContestRatingPage = lazy(() => import('./rating/ContestRatingPage'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [
    { path: 'contest', element: page(<AdminContestList />) },
    { path: 'contest/create', element: page(<ContestForm key="create" />) },
    // A contest's own pages highlight the contest list but are headed with what they are.
    { path: 'contest/:contestId/edit', element: page(<ContestForm />), handle: { title: 'adminContest.edit' } },
    { path: 'contest/:contestId/problems', element: page(<AdminContestProblems />), handle: { title: 'adminContest.problemList' } },
    { path: 'contest/:contestId/announcement', element: page(<AdminContestAnnouncements />), handle: { title: 'adminContest.pageAnnouncements' } },
    { path: 'contest/:contestId/rating', element: page(<ContestRatingPage />), handle: { activeMenu: '/admin/contest', title: 'adminRating.page' } },
    { path: 'contest/:contestId/problem/create', element: page(<ContestProblemForm />), handle: { activeMenu: '/admin/contest', title: 'adminContest.pageProblemCreate' } },
    { path: 'contest/:contestId/problem/:problemId/edit', element: page(<ContestProblemForm />), handle: { activeMenu: '/admin/contest', title: 'adminContest.pageProblemEdit' } },
  ],
};
export default routes;
