import { useEffect, useRef } from 'react';
import { IN_PROGRESS_STATUSES, TIMING } from '@verdict/shared';
import { submissionApi, type StatusSnapshot } from './api';

export const isInProgress = (s: number) => IN_PROGRESS_STATUSES.includes(s);

/**
 * Polls the in-progress rows of a list every 2 s (spec 01 §4). Stops when none remain, after 300
 * polls, on an error, or when the component unmounts; `ids` changing restarts it.
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
    const tick = async () => {
      if (stopped) return;
      polls += 1;
      try {
        const map = await submissionApi.checkStatus(pending, cid);
        if (stopped) return;
        cb.current(map);
        pending = pending.filter((id) => map[id] && isInProgress(map[id].status));
      } catch {
        return; // polling stops on error
      }
      if (pending.length && polls < TIMING.submissionPollMax) timer = setTimeout(tick, TIMING.submissionPollMs);
    };
    timer = setTimeout(tick, TIMING.submissionPollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, cid]);
}
