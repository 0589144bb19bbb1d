import { lazy } from 'react';
import type { FeatureRoutes } from '../../../app/route-types';

const AnnouncementAdmin = lazy(() => import('./AnnouncementAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'announcement', element: <AnnouncementAdmin />, handle: { requireRoot: true } }],
};
export default routes;
