import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// ECharts stays out of the first page's bundle.
const AcmRankPage = lazy(() => import('./GlobalRank').then((m) => ({ default: m.AcmRankPage })));
const OiRankPage = lazy(() => import('./GlobalRank').then((m) => ({ default: m.OiRankPage })));
const RatingRank = lazy(() => import('./RatingRank').then((m) => ({ default: m.RatingRank })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/acm-rank', element: page(<AcmRankPage />) },
    { path: '/oi-rank', element: page(<OiRankPage />) },
    { path: '/rating-rank', element: page(<RatingRank />) },
  ],
};
export default routes;
