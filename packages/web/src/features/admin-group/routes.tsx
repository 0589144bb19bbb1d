import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const GroupProblemApply = lazy(() => import('./GroupProblemApply'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [{ path: 'group-problem/apply', element: page(<GroupProblemApply />) }],
};
export default routes;
