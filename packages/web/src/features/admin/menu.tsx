import type { ReactNode } from 'react';
import {
  AppstoreOutlined, CommentOutlined, DashboardOutlined, ReadOutlined, SettingOutlined, TrophyOutlined,
} from '@ant-design/icons';

/**
 * The admin side menu, in one list. `key` is the route it opens; `label` an i18n key; `root`
 * marks super-admin-only entries. Entries whose route does not exist yet are hidden, so screens
 * appear in the menu as soon as their routes.tsx adds them.
 */
export interface AdminMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  root?: boolean;
  children?: AdminMenuItem[];
}

export const adminMenu: AdminMenuItem[] = [
  { key: '/admin/dashboard', label: 'admin.menu.dashboard', icon: <DashboardOutlined /> },
  {
    key: 'general', label: 'admin.menu.general', icon: <SettingOutlined />, root: true,
    children: [
      { key: '/admin/user', label: 'admin.menu.user', root: true },
      { key: '/admin/announcement', label: 'admin.menu.announcement', root: true },
      { key: '/admin/notice', label: 'admin.menu.notice', root: true },
      { key: '/admin/conf', label: 'admin.menu.conf', root: true },
      { key: '/admin/switch', label: 'admin.menu.switch', root: true },
      { key: '/admin/remote-judge', label: 'adminRemoteJudge.menuPool', root: true },
      { key: '/admin/backup', label: 'adminBackup.menu', root: true },
    ],
  },
  {
    key: 'problem', label: 'admin.menu.problem', icon: <AppstoreOutlined />,
    children: [
      { key: '/admin/problems', label: 'admin.menu.problemList' },
      { key: '/admin/problem/create', label: 'admin.menu.problemCreate' },
      { key: '/admin/problem/tag', label: 'admin.menu.problemTag' },
      { key: '/admin/problem/remote-import', label: 'adminRemoteJudge.menuImport' },
      { key: '/admin/group-problem/apply', label: 'admin.menu.groupProblemApply' },
      { key: '/admin/problem/batch-operation', label: 'admin.menu.problemBatch' },
      { key: '/admin/judge-library', label: 'adminJudgeLibrary.menu' },
    ],
  },
  {
    key: 'training', label: 'admin.menu.training', icon: <ReadOutlined />,
    children: [
      { key: '/admin/training', label: 'admin.menu.trainingList' },
      { key: '/admin/training/create', label: 'admin.menu.trainingCreate' },
      { key: '/admin/training/category', label: 'admin.menu.trainingCategory' },
    ],
  },
  {
    key: 'contest', label: 'admin.menu.contest', icon: <TrophyOutlined />,
    children: [
      { key: '/admin/contest', label: 'admin.menu.contestList' },
      { key: '/admin/contest/create', label: 'admin.menu.contestCreate' },
    ],
  },
  { key: '/admin/discussion', label: 'admin.menu.discussion', icon: <CommentOutlined /> },
];
