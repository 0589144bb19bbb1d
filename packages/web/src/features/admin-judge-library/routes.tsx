import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const JudgeLibrary = lazy(() => import('./JudgeLibrary'));

const routes: FeatureRoutes = {
  admin: [{ path: 'judge-library', element: <JudgeLibrary /> }],
};
export default routes;
