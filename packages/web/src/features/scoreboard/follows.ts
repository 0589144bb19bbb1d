import { useState } from 'react';

const key = (cid: number) => `contest-followed-${cid}`;

/** Followed users of one contest, kept in localStorage; they are pinned on top of the rank. */
export function useFollowedUsers(cid: number) {
  const [ids, setIds] = useState<number[]>(() => {
    try {
      const v = JSON.parse(localStorage.getItem(key(cid)) ?? '[]') as unknown;
      return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
    } catch {
      return [];
    }
  });
  const toggle = (uid: number) => {
    const next = ids.includes(uid) ? ids.filter((x) => x !== uid) : [...ids, uid];
    localStorage.setItem(key(cid), JSON.stringify(next));
    setIds(next);
  };
  return { ids, toggle };
}
