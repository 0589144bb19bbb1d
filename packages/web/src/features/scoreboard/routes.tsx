import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const PublicScoreboard = lazy(() => import('./PublicScoreboard').then((m) => ({ default: m.PublicScoreboard })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/contest/acm-scoreboard/:contestID', element: page(<PublicScoreboard />), handle: { activeMenu: '/contest', navMode: 'default' } },
    { path: '/contest/oi-scoreboard/:contestID', element: page(<PublicScoreboard />), handle: { activeMenu: '/contest', navMode: 'default' } },
  ],
};
export default routes;
