import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const DiscussionAdmin = lazy(() => import('./DiscussionAdmin'));

const routes: FeatureRoutes = {
  admin: [{ path: 'discussion', element: <DiscussionAdmin /> }],
};
export default routes;
