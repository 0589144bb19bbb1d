import type { RouteObject } from 'react-router';

export type NavMode = 'default' | 'training' | 'contest' | 'group';
export type SiteSwitch = 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment';

/**
 * Route meta, put on a route as `handle`. Guards and layouts read every matched route's handle.
 * - requireLogin: no stored token -> "Please login first!", go home, open the login dialog
 * - requireRoot: super admin only (admin children: "No Access" and back to the dashboard)
 * - requireSwitch: site switch that must be on, otherwise "No Access" and go home
 * - hideFooter: e.g. the problem detail page; fullScreen: focus-mode pages (no footer either)
 * - navMode: forces the navbar mode (otherwise derived from the path)
 * - activeMenu: navbar/side-menu key to highlight (e.g. '/status' for submission details)
 * - title: i18n key of the admin header when the page is not the highlighted menu entry itself
 */
export interface RouteMeta {
  requireLogin?: boolean;
  requireRoot?: boolean;
  requireSwitch?: SiteSwitch;
  hideFooter?: boolean;
  fullScreen?: boolean;
  navMode?: NavMode;
  activeMenu?: string;
  title?: string;
}

/**
 * What a feature's `src/features/<domain>/routes.tsx` exports by default. The router collects
 * every such file, so adding a feature needs no edit outside its folder.
 * - main: pages inside the site frame (navbar + footer)
 * - admin: children of /admin (paths relative, e.g. 'problems', 'problem/edit/:problemId')
 * - bare: pages without any frame (e.g. the scroll board opened in a new window)
 */
export interface FeatureRoutes {
  main?: RouteObject[];
  admin?: RouteObject[];
  bare?: RouteObject[];
}
