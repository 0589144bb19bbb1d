import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const ConfAdmin = lazy(() => import('./ConfAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'conf', element: <ConfAdmin />, handle: { requireRoot: true } }],
};
export default routes;
