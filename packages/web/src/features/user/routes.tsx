import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const UserHome = lazy(() => import('./UserHome'));

const routes: FeatureRoutes = {
  main: [{ path: 'user-home', element: <UserHome /> }],
};
export default routes;
