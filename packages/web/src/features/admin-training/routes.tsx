import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// Admin screens are loaded on demand so the public bundle stays small.
const AdminTrainingList = lazy(() => import('./AdminTrainingList'));
const TrainingForm = lazy(() => import('./TrainingForm'));
const AdminTrainingProblems = lazy(() => import('./AdminTrainingProblems'));
const TrainingCategories = lazy(() => import('./TrainingCategories'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  admin: [
    { path: 'training', element: page(<AdminTrainingList />) },
    { path: 'training/create', element: page(<TrainingForm key="create" />) },
    { path: 'training/category', element: page(<TrainingCategories />) },
    { path: 'training/:trainingId/edit', element: page(<TrainingForm />), handle: { activeMenu: '/admin/training' } },
    { path: 'training/:trainingId/problems', element: page(<AdminTrainingProblems />), handle: { activeMenu: '/admin/training' } },
  ],
};
export default routes;
