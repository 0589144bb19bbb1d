import { useMatches } from 'react-router';
import type { RouteMeta } from '../route-types';

/** The merged `handle` of every matched route (inner routes win). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  return Object.assign({}, ...matches.map((m) => (m.handle as RouteMeta | undefined) ?? {}));
}
