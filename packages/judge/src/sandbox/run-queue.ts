import { readFileSync } from 'node:fs';

/** What the scheduler says of some host threads: how long they waited for a CPU so far, whether one is runnable now, how many there are. */
export interface RunQueue { waitUs: number; runnable: boolean; threads: number }

/**
 * Run-queue waits of `tids` (second field of /proc/TID/schedstat) and their state. A wait reaches
 * schedstat only when it ends, so a thread waiting now shows only as runnable ("R" after the
 * command name in /proc/TID/stat). Threads that are gone count nothing.
 */
export function runQueueOf(tids: number[]): RunQueue {
  let ns = 0;
  let runnable = false;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${tid}/schedstat`, 'utf8').split(' ')[1]) || 0;
      const stat = readFileSync(`/proc/${tid}/stat`, 'utf8');
      if (stat[stat.lastIndexOf(')') + 2] === 'R') runnable = true;
    } catch {}
  }
  return { waitUs: Math.round(ns / 1000), runnable, threads: tids.length };
}
