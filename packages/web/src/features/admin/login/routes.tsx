import { lazy, Suspense } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';
import { PageLoading } from '../../../components/States';

const AdminLogin = lazy(() => import('./AdminLogin'));

// A frame-less page: the admin layout itself sends visitors here, so it cannot live inside it.
const routes: FeatureRoutes = {
  bare: [
    {
      path: '/admin/login',
      element: (
        <Suspense fallback={<PageLoading />}>
          <AdminLogin />
        </Suspense>
      ),
    },
  ],
};
export default routes;
