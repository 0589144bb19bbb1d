import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const SettingPage = lazy(() => import('./SettingPage'));

const routes: FeatureRoutes = {
  main: [{ path: 'setting', element: <SettingPage />, handle: { requireLogin: true } }],
};
export default routes;
