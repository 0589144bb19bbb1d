import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const PrintContestSet = lazy(() => import('./PrintContestSet').then((m) => ({ default: m.PrintContestSet })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

// No frame and no login guard: the server's Chromium opens it with a print token (the data call checks it).
const routes: FeatureRoutes = {
  bare: [{ path: '/print/contest/:cid', element: page(<PrintContestSet />) }],
};
export default routes;
