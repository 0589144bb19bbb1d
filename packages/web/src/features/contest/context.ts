import { createContext, useContext } from 'react';
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
}

export const ContestContext = createContext<ContestContextValue | null>(null);

export function useContest(): ContestContextValue {
  const v = useContext(ContestContext);
  if (!v) throw new Error('useContest outside a contest page');
  return v;
}
