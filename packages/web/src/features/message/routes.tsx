import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const MessageCenter = lazy(() => import('./MessageCenter').then((m) => ({ default: m.MessageCenter })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    {
      path: '/message',
      handle: { requireLogin: true },
      children: [
        { index: true, element: <Navigate to="/message/discuss" replace /> },
        { path: ':tab', element: page(<MessageCenter />) },
      ],
    },
  ],
};
export default routes;
