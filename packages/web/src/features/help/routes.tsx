import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const IntroductionPage = lazy(() => import('./IntroductionPage').then((m) => ({ default: m.IntroductionPage })));
const DeveloperPage = lazy(() => import('./DeveloperPage').then((m) => ({ default: m.DeveloperPage })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/introduction', element: page(<IntroductionPage />) },
    { path: '/developer', element: page(<DeveloperPage />) },
  ],
};
export default routes;
