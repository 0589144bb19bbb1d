import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { FeatureRoutes } from '../../app/route-types';
import { PageLoading } from '../../components/States';

const load = <K extends string>(name: K, loader: () => Promise<Record<K, React.ComponentType>>) => lazy(() => loader().then((m) => ({ default: m[name] })));
const GroupList = load('GroupList', () => import('./GroupList'));
const GroupShell = load('GroupShell', () => import('./GroupShell'));
const GroupHome = load('GroupHome', () => import('./GroupHome'));
const GroupProblems = load('GroupProblems', () => import('./GroupProblems'));
const GroupProblemPage = load('GroupProblemPage', () => import('./GroupProblemPage'));
const GroupFullScreenProblem = load('GroupFullScreenProblem', () => import('./GroupProblemPage'));
const GroupTrainings = load('GroupTrainings', () => import('./GroupTrainings'));
const GroupTrainingDetail = load('GroupTrainingDetail', () => import('./GroupTrainings'));
const GroupContests = load('GroupContests', () => import('./GroupContests'));
const GroupSubmissions = load('GroupSubmissions', () => import('./GroupSubmissions'));
const GroupSubmissionDetail = load('GroupSubmissionDetail', () => import('./GroupSubmissions'));
const GroupDiscussions = load('GroupDiscussions', () => import('./GroupDiscussions'));
const GroupMembers = load('GroupMembers', () => import('./GroupMembers'));
const GroupAnnouncementList = load('GroupAnnouncementList', () => import('./GroupAnnouncementList'));
const GroupSetting = load('GroupSetting', () => import('./GroupSetting'));
const GroupRank = load('GroupRank', () => import('./GroupRank'));
const GroupPlagiarism = load('GroupPlagiarism', () => import('./GroupPlagiarism'));
const GroupPlagiarismPair = load('GroupPlagiarismPair', () => import('./GroupPlagiarism'));
const TrainingHome = load('TrainingHome', () => import('../training/TrainingHome'));
const TrainingProblems = load('TrainingProblems', () => import('../training/TrainingProblems'));
const TrainingProblemPage = load('TrainingProblemPage', () => import('../training/TrainingProblemPage'));
const TrainingRank = load('TrainingRank', () => import('../training/TrainingRank'));
const TrainingFullScreen = lazy(() => import('../training/FullScreenProblem').then((m) => ({
  default: function GroupTrainingFullScreen() {
    return <m.FullScreenProblem groupId={Number(useParams().groupID)} />;
  },
})));
const DiscussionDetail = load('DiscussionDetail', () => import('../discussion/DiscussionDetail'));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

const discussion = { requireSwitch: 'openGroupDiscussion' as const };

// The group routes of spec 03 §2.1: the list is public, every group page needs login.
const routes: FeatureRoutes = {
  main: [
    { path: '/group', element: page(<GroupList />) },
    {
      path: '/group/:groupID/problem/:problemID/full-screen',
      element: page(<GroupFullScreenProblem />),
      handle: { requireLogin: true, fullScreen: true, navMode: 'group' },
    },
    {
      path: '/group/:groupID/training/:trainingID/problem/:problemID/full-screen',
      element: page(<TrainingFullScreen />),
      handle: { requireLogin: true, fullScreen: true, navMode: 'group' },
    },
    {
      path: '/group/:groupID',
      element: page(<GroupShell />),
      handle: { requireLogin: true, navMode: 'group', activeMenu: '/group' },
      children: [
        { index: true, element: page(<GroupHome />) },
        { path: 'problem', element: page(<GroupProblems />) },
        { path: 'problem/:problemID', element: page(<GroupProblemPage />), handle: { hideFooter: true } },
        { path: 'training', element: page(<GroupTrainings />) },
        {
          path: 'training/:trainingID',
          element: page(<GroupTrainingDetail />),
          children: [
            { index: true, element: page(<TrainingHome />) },
            { path: 'problems', element: page(<TrainingProblems />) },
            { path: 'problem/:problemID', element: page(<TrainingProblemPage />), handle: { hideFooter: true } },
            { path: 'rank', element: page(<TrainingRank />) },
          ],
        },
        { path: 'contest', element: page(<GroupContests />) },
        { path: 'contest/:contestID/plagiarism', element: page(<GroupPlagiarism />) },
        { path: 'contest/:contestID/plagiarism/:left/:right', element: page(<GroupPlagiarismPair />) },
        { path: 'status', element: page(<GroupSubmissions />) },
        { path: 'submission-detail/:submitID', element: page(<GroupSubmissionDetail />) },
        { path: 'discussion', element: page(<GroupDiscussions />), handle: discussion },
        { path: 'discussion/:problemID', element: page(<GroupDiscussions />), handle: discussion },
        { path: 'discussion-detail/:discussionID', element: page(<DiscussionDetail />), handle: discussion },
        { path: 'member', element: page(<GroupMembers />) },
        { path: 'announcement', element: page(<GroupAnnouncementList />) },
        { path: 'setting', element: page(<GroupSetting />) },
        { path: 'rank', element: page(<GroupRank />) },
      ],
    },
  ],
};
export default routes;
