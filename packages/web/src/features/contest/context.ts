import { createContext, useContext } from 'react';
import type { VirtualRunVo } from '@verdict/shared';
import type { Contest } from './api';

export interface ContestContextValue {
  contest: Contest;
  /** Server time now (ms), ticking every second. */
  now: number;
  status: number;
  isAdmin: boolean;
  /** Registered (or no registration needed). */
  access: boolean;
  /** The settings popover's "Contains submission after contest". */
  containsEnd: boolean;
  /** The viewer's virtual run of this (ended) contest, null without one (issue 30). */
  virtualRun: VirtualRunVo | null;
  /** The run is on: `status` then says RUNNING and the screens work as for a live participant. */
  virtualOn: boolean;
}

export const ContestContext = createContext<ContestContextValue | null>(null);

export function useContest(): ContestContextValue {
  const v = useContext(ContestContext);
  if (!v) throw new Error('useContest outside a contest page');
  return v;
}
