import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const NoticeAdmin = lazy(() => import('./NoticeAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'notice', element: <NoticeAdmin />, handle: { requireRoot: true } }],
};
export default routes;
