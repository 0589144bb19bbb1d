import type { ProblemListRow } from '@verdict/shared';

/**
 * The public problem list is read far more than it changes: pages are kept for a few seconds
 * per filter and dropped at once when this server changes a problem or a tag. With several
 * servers the short life bounds how stale another server's page can be. Submission counts are
 * not taken from here: they are laid over on every read, kept per problem version (counts.ts).
 */
const TTL_MS = 3000;
const MAX_ENTRIES = 2000;
const pages = new Map<string, { at: number; value: { records: ProblemListRow[]; total: number } }>();

export function cachedPage(key: string) {
  const hit = pages.get(key);
  if (!hit) return null;
  if (Date.now() - hit.at > TTL_MS) {
    pages.delete(key);
    return null;
  }
  return hit.value;
}

export function storePage(key: string, value: { records: ProblemListRow[]; total: number }) {
  if (pages.size >= MAX_ENTRIES) pages.clear();
  pages.set(key, { at: Date.now(), value });
}

/** Totals per filter change only when problems or tags change, so they live longer than pages. */
const TOTAL_TTL_MS = 60_000;
const totals = new Map<string, { at: number; total: number }>();

export function cachedTotal(key: string): number | null {
  const hit = totals.get(key);
  return hit && Date.now() - hit.at <= TOTAL_TTL_MS ? hit.total : null;
}

export function storeTotal(key: string, total: number) {
  if (totals.size >= MAX_ENTRIES) totals.clear();
  totals.set(key, { at: Date.now(), total });
}

export function invalidateProblemList() {
  pages.clear();
  totals.clear();
}
