import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const SubmissionListPage = lazy(() => import('./pages').then((m) => ({ default: m.SubmissionListPage })));
const SubmissionDetailPage = lazy(() => import('./pages').then((m) => ({ default: m.SubmissionDetailPage })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/status', element: page(<SubmissionListPage />) },
    { path: '/submission-detail/:submitID', element: page(<SubmissionDetailPage />), handle: { activeMenu: '/status' } },
  ],
};
export default routes;
