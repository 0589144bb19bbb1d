import { lazy, Suspense } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));

const routes: FeatureRoutes = {
  main: [
    {
      path: '/home',
      element: (
        <Suspense fallback={<PageLoading />}>
          <HomePage />
        </Suspense>
      ),
    },
  ],
};
export default routes;
