import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/route-types';

const RemoteJudgeAdmin = lazy(() => import('./RemoteJudgeAdmin'));
const RemoteImport = lazy(() => import('./RemoteImport'));

const routes: FeatureRoutes = {
  admin: [
    { path: 'remote-judge', element: <RemoteJudgeAdmin />, handle: { requireRoot: true } },
    { path: 'problem/remote-import', element: <RemoteImport /> },
  ],
};
export default routes;
