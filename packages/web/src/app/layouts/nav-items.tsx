import type { ReactNode } from 'react';
import {
  BarChartOutlined, CommentOutlined, FileTextOutlined, HomeOutlined, InfoCircleOutlined, NotificationOutlined,
  OrderedListOutlined, PrinterOutlined, ReadOutlined, RollbackOutlined, SettingOutlined, TeamOutlined, TrophyOutlined,
  UnorderedListOutlined, UsergroupAddOutlined,
} from '@ant-design/icons';
import type { NavMode } from '../route-types';
import type { WebsiteConfig } from '../../stores/site';
import { routeExists } from '../route-registry';
import { contestSection, contestSectionPath, type ContestNav } from '../../stores/contest-nav';

/** One navbar entry: `key` is the path it opens, `label` an i18n key. */
export interface NavItem {
  key: string;
  label: string;
  icon?: ReactNode;
  children?: NavItem[];
}

interface NavContext { config: WebsiteConfig; id?: string; subId?: string; isAdmin: boolean; contest?: ContestNav | null }

const defaultItems = ({ config }: NavContext): NavItem[] => [
  { key: '/home', label: 'nav.home', icon: <HomeOutlined /> },
  { key: '/problem', label: 'nav.problem', icon: <UnorderedListOutlined /> },
  { key: '/training', label: 'nav.training', icon: <ReadOutlined /> },
  { key: '/contest', label: 'nav.contest', icon: <TrophyOutlined /> },
  { key: '/status', label: 'nav.status', icon: <BarChartOutlined /> },
  {
    key: 'rank', label: 'nav.rank', icon: <OrderedListOutlined />,
    children: [{ key: '/acm-rank', label: 'nav.acmRank' }, { key: '/oi-rank', label: 'nav.oiRank' }, { key: '/rating-rank', label: 'nav.ratingRank' }],
  },
  ...(config.openPublicDiscussion ? [{ key: '/discussion', label: 'nav.discussion', icon: <CommentOutlined /> }] : []),
  { key: '/group', label: 'nav.group', icon: <TeamOutlined /> },
  {
    key: 'about', label: 'nav.about', icon: <InfoCircleOutlined />,
    children: [{ key: '/introduction', label: 'nav.introduction' }, { key: '/developer', label: 'nav.developer' }],
  },
];

const backHome: NavItem = { key: '/home', label: 'nav.backHome', icon: <RollbackOutlined /> };

const trainingItems = ({ id }: NavContext): NavItem[] => [
  backHome,
  { key: `/training/${id}`, label: 'nav.trainingHome', icon: <HomeOutlined /> },
  { key: `/training/${id}/problems`, label: 'nav.trainingProblems', icon: <UnorderedListOutlined /> },
  { key: `/training/${id}/rank`, label: 'nav.trainingRank', icon: <OrderedListOutlined /> },
];

// The contest's own switches (print, admin helper) are known once its shell has loaded it.
const contestItems = ({ id, config, contest }: NavContext): NavItem[] => {
  const c = contest && String(contest.cid) === id ? contest : null;
  return [
  backHome,
  { key: `/contest/${id}`, label: 'nav.contestHome', icon: <HomeOutlined /> },
  { key: `/contest/${id}/problems`, label: 'nav.contestProblems', icon: <UnorderedListOutlined /> },
  { key: `/contest/${id}/submissions`, label: 'nav.contestSubmissions', icon: <BarChartOutlined /> },
  { key: `/contest/${id}/rank`, label: 'nav.contestRank', icon: <OrderedListOutlined /> },
  { key: `/contest/${id}/announcements`, label: 'nav.contestAnnouncements', icon: <NotificationOutlined /> },
  ...(config.openContestComment ? [{ key: `/contest/${id}/comment`, label: 'nav.contestComment', icon: <CommentOutlined /> }] : []),
  ...(c?.openPrint ? [{ key: `/contest/${id}/print`, label: 'nav.contestPrint', icon: <PrinterOutlined /> }] : []),
  ...(c?.isAdmin && c.acm ? [{ key: `/contest/${id}/ac-info`, label: 'nav.contestAcInfo', icon: <FileTextOutlined /> }] : []),
  ];
};

const groupItems = ({ id, config }: NavContext): NavItem[] => [
  backHome,
  { key: `/group/${id}`, label: 'nav.groupHome', icon: <HomeOutlined /> },
  { key: `/group/${id}/announcement`, label: 'nav.groupAnnouncement', icon: <NotificationOutlined /> },
  { key: `/group/${id}/problem`, label: 'nav.groupProblem', icon: <UnorderedListOutlined /> },
  { key: `/group/${id}/training`, label: 'nav.groupTraining', icon: <ReadOutlined /> },
  { key: `/group/${id}/contest`, label: 'nav.groupContest', icon: <TrophyOutlined /> },
  { key: `/group/${id}/status`, label: 'nav.groupStatus', icon: <BarChartOutlined /> },
  { key: `/group/${id}/rank`, label: 'nav.groupRank', icon: <OrderedListOutlined /> },
  ...(config.openGroupDiscussion ? [{ key: `/group/${id}/discussion`, label: 'nav.groupDiscussion', icon: <CommentOutlined /> }] : []),
  { key: `/group/${id}/member`, label: 'nav.groupMember', icon: <UsergroupAddOutlined /> },
  { key: `/group/${id}/setting`, label: 'nav.groupSetting', icon: <SettingOutlined /> },
];

/** The navbar mode of a path: inside a training, contest or group it switches to that mode. */
export function navModeOf(pathname: string): { mode: NavMode; id?: string } {
  const m = /^\/(training|contest|group)\/(\d+)(\/|$)/.exec(pathname);
  if (!m) return { mode: 'default' };
  return { mode: m[1] as NavMode, id: m[2] };
}

/** The entries of a mode, keeping only screens that exist in the route table. */
export function navItems(mode: NavMode, ctx: NavContext): NavItem[] {
  const all = mode === 'training' ? trainingItems(ctx) : mode === 'contest' ? contestItems(ctx) : mode === 'group' ? groupItems(ctx) : defaultItems(ctx);
  const keep = (items: NavItem[]): NavItem[] =>
    items.flatMap((it) => {
      if (it.children) {
        const children = keep(it.children);
        return children.length ? [{ ...it, children }] : [];
      }
      return routeExists(it.key) ? [it] : [];
    });
  return keep(all);
}

/** The entry to highlight: the longest entry path that prefixes the current path. */
export function selectedNavKey(items: NavItem[], pathname: string, activeMenu?: string): string | undefined {
  // In a contest the navbar highlights the section the contest tabs highlight (one state), or none.
  const inContest = navModeOf(pathname);
  if (!activeMenu && inContest.mode === 'contest' && inContest.id) {
    const key = contestSectionPath(inContest.id, contestSection(pathname, inContest.id));
    const flat = items.flatMap((it) => it.children ?? [it]);
    return flat.some((it) => it.key === key) ? key : undefined;
  }
  const target = activeMenu ?? pathname;
  let best: string | undefined;
  const visit = (list: NavItem[]) => {
    for (const it of list) {
      if (it.children) visit(it.children);
      else if ((target === it.key || target.startsWith(it.key + '/')) && (!best || it.key.length > best.length)) best = it.key;
    }
  };
  visit(items);
  return best;
}
