/** Progress of a long run: one line per table or step, and at most one update a second within it. */
export type Progress = (message: string) => void;

export const silent: Progress = () => {};

export function throttled(report: Progress, everyMs = 1000): Progress {
  let last = 0;
  return (message) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    report(message);
  };
}
