import { useQuery } from '@tanstack/react-query';
import { TIMING } from '@verdict/shared';
import { useLiveSignal } from '../../lib/live';
import { unreadQuery } from '../../features/message';
import { routeExists } from '../route-registry';

/**
 * Unread message count for the navbar badge: GET msg/unread when the live stream says the
 * counters moved (issue 16), and every 2 minutes while logged in as the fallback (spec 01 §7),
 * once the messages screens exist. The answer is a count per kind; the badge shows the sum.
 */
export function useUnreadMessages(loggedIn: boolean): number {
  const enabled = loggedIn && routeExists('/message/sys');
  const q = useQuery({
    ...unreadQuery(),
    enabled,
    refetchInterval: TIMING.unreadPollMs,
    refetchIntervalInBackground: true,
  });
  useLiveSignal(enabled ? { mine: true } : null, ['unread'], () => void q.refetch());
  if (!enabled || !q.data) return 0;
  return Object.values(q.data).reduce<number>((a, v) => a + (typeof v === 'number' ? v : 0), 0);
}
