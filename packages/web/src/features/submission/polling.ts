import { useEffect, useRef } from 'react';
import { IN_PROGRESS_STATUSES, TIMING } from '@verdict/shared';
import { subscribeLive } from '../../lib/live';
import { submissionApi, type StatusSnapshot } from './api';

export const isInProgress = (s: number) => IN_PROGRESS_STATUSES.includes(s);

/**
 * Polls the in-progress rows of a list every 2 s (spec 01 §4). Stops when none remain, after 300
 * polls, on an error, or when the component unmounts; `ids` changing restarts it. A live signal
 * for one of the rows (the viewer's own submissions) polls at once instead of waiting.
 */
export function useStatusPolling(ids: number[], onUpdate: (map: Record<string, StatusSnapshot>) => void, cid?: number) {
  const cb = useRef(onUpdate);
  cb.current = onUpdate;
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    let polls = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = key.split(',').map(Number);
    let busy = false;
    const tick = async () => {
      if (stopped || busy) return;
      busy = true;
      polls += 1;
      try {
        const map = await submissionApi.checkStatus(pending, cid);
        if (stopped) return;
        cb.current(map);
        pending = pending.filter((id) => map[id] && isInProgress(map[id].status));
      } catch {
        stopped = true;
        return; // polling stops on error
      } finally {
        busy = false;
      }
      clearTimeout(timer);
      if (pending.length && polls < TIMING.submissionPollMax) timer = setTimeout(tick, TIMING.submissionPollMs);
    };
    timer = setTimeout(tick, TIMING.submissionPollMs);
    const off = subscribeLive({ mine: true }, (event, data) => {
      if (event === 'resync' || (data.id !== undefined && pending.includes(data.id))) void tick();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      off();
    };
  }, [key, cid]);
}
