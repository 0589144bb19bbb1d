import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const UserAdmin = lazy(() => import('./UserAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'user', element: <UserAdmin />, handle: { requireRoot: true } }],
};
export default routes;
