const key = (cid: number) => `contest-read-announcements-${cid}`;

/** Ids of the contest announcements this browser has shown, kept in localStorage. */
export function readIds(cid: number): number[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(cid)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

export function markRead(cid: number, ids: number[]) {
  const all = new Set([...readIds(cid), ...ids]);
  localStorage.setItem(key(cid), JSON.stringify([...all]));
}
