import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

// Loaded on demand: the editor, KaTeX and ECharts stay out of the first page's bundle.
const ProblemListPage = lazy(() => import('./ProblemListPage').then((m) => ({ default: m.ProblemListPage })));
// The statement's markdown renderer is fetched together with the page, not after it has rendered.
const ProblemDetailPage = lazy(() => {
  void import('../../components/markdown/Markdown');
  return import('./ProblemDetailPage').then((m) => ({ default: m.ProblemDetailPage }));
});
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const routes: FeatureRoutes = {
  main: [
    { path: '/problem', element: page(<ProblemListPage />) },
    // The footer is hidden on the problem detail page (spec 01 navigation).
    { path: '/problem/:problemID', element: page(<ProblemDetailPage />), handle: { hideFooter: true, activeMenu: '/problem' } },
  ],
};
export default routes;
