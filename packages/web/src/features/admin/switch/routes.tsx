import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const SwitchAdmin = lazy(() => import('./SwitchAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'switch', element: <SwitchAdmin />, handle: { requireRoot: true } }],
};
export default routes;
