/**
 * Promise.all for independent checks run at once (each one a database round trip) that must still
 * fail the way running them one after another would: when several reject, the first in the
 * list's order is thrown, never whichever lost the race. Waits for all of them either way, so no
 * rejection goes unhandled.
 */
export async function allInOrder<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
