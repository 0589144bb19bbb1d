import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const DiscussionList = lazy(() => import('./DiscussionList').then((m) => ({ default: m.DiscussionList })));
const DiscussionDetail = lazy(() => import('./DiscussionDetail').then((m) => ({ default: m.DiscussionDetail })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

// Every forum route needs the public-discussion switch ("No Access" and home when it is off).
const routes: FeatureRoutes = {
  main: [
    { path: '/discussion', element: page(<DiscussionList />), handle: { requireSwitch: 'openPublicDiscussion' } },
    { path: '/discussion/:problemID', element: page(<DiscussionList />), handle: { requireSwitch: 'openPublicDiscussion', activeMenu: '/discussion' } },
    { path: '/discussion-detail/:discussionID', element: page(<DiscussionDetail />), handle: { requireSwitch: 'openPublicDiscussion', activeMenu: '/discussion' } },
  ],
};
export default routes;
