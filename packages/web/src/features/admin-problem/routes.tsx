import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// Admin screens are loaded on demand so the public bundle stays small.
const AdminProblemList = lazy(() => import('./AdminProblemList'));
const ProblemForm = lazy(() => import('./form/ProblemForm'));
const TagManager = lazy(() => import('./TagManager'));
const BatchOperation = lazy(() => import('./BatchOperation'));

const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [
    { path: 'problems', element: page(<AdminProblemList />) },
    { path: 'problem/create', element: page(<ProblemForm key="create" />) },
    { path: 'problem/edit/:problemId', element: page(<ProblemForm />), handle: { activeMenu: '/admin/problems' } },
    { path: 'problem/tag', element: page(<TagManager />) },
    { path: 'problem/batch-operation', element: page(<BatchOperation />) },
  ],
};
export default routes;
