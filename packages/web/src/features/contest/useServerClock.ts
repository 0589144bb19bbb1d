import { useEffect, useState } from 'react';
import { CONTEST_TIMING } from '@verdict/shared';

/** A 1 s clock aligned to the server's time (the offset of its `now` from ours when it was loaded). */
export function useServerClock(serverNow: number | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(Date.now());
  useEffect(() => {
    if (serverNow !== undefined) setOffset(serverNow - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const h = setInterval(() => setTick(Date.now()), CONTEST_TIMING.clockTickMs);
    return () => clearInterval(h);
  }, []);
  return tick + offset;
}
