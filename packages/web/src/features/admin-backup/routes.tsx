import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const BackupAdmin = lazy(() => import('./BackupAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'backup', element: <BackupAdmin />, handle: { requireRoot: true } }],
};
export default routes;
