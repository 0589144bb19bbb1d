import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./LogoutPage').then((m) => ({ default: m.LogoutPage })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/reset-password', element: page(<ResetPasswordPage />) },
    { path: '/logout', element: page(<LogoutPage />), handle: { requireLogin: true } },
  ],
};
export default routes;
