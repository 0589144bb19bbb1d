import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const Dashboard = lazy(() => import('./Dashboard'));

const routes: FeatureRoutes = {
  admin: [{ path: 'dashboard', element: <Dashboard /> }],
};
export default routes;
