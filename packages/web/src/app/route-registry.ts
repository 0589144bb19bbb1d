import { matchRoutes, type RouteObject } from 'react-router';

let table: RouteObject[] = [];
export function setRouteTable(routes: RouteObject[]) {
  table = routes;
}

/** Whether a path is served by a real screen (not the 404 catch-all or the admin fallback). */
export function routeExists(path: string): boolean {
  const m = matchRoutes(table, path.split('?')[0]);
  if (!m || m.length === 0) return false;
  const leaf = m[m.length - 1].route;
  return leaf.path !== '*';
}
