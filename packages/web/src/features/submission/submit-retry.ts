/**
 * Safe retries of a submit (issue 16). Each submit click gets a fresh Idempotency-Key; the retries
 * of that click send the same key, so when the first try did reach the server (and only its
 * answer was lost, or the server process died after saving it) the retry answers that same
 * submission instead of making a second one.
 */

/** 128 random bits as hex. getRandomValues works on plain-http sites too (randomUUID needs a secure context). */
export function newIdempotencyKey(fill: (b: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(fill(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Waits before the 2nd, 3rd, ... try. */
export const SUBMIT_RETRY_DELAYS_MS = [1000, 2000, 4000];

/**
 * Runs `send` until it succeeds, an error is not `retryable` (a refusal such as a captcha or the
 * submit interval), or the delays run out; then the last error is thrown.
 */
export async function retrySubmit<T>(
  send: () => Promise<T>,
  retryable: (e: unknown) => boolean,
  delaysMs: readonly number[] = SUBMIT_RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (attempt >= delaysMs.length || !retryable(e)) throw e;
      await sleep(delaysMs[attempt]);
    }
  }
}
