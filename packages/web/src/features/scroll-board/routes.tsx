import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const ScrollBoard = lazy(() => import('./ScrollBoard').then((m) => ({ default: m.ScrollBoard })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

// The contest's config tab (contest/scroll-board) lives in the contest routes; the board itself has no frame.
const routes: FeatureRoutes = {
  bare: [{ path: '/scrollBoard', element: page(<ScrollBoard />), handle: { requireLogin: true } }],
};
export default routes;
