/** Formatting of spec 01 §9: memory in KB and above, time in ms, length in B. */
export function formatMemory(kb: number | null | undefined): string {
  if (kb == null) return '-';
  if (kb < 1024) return `${kb} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb.toFixed(mb < 10 ? 2 : 1).replace(/\.0+$/, '')} MB`;
  return `${(mb / 1024).toFixed(2)} GB`;
}
export const formatTime = (ms: number | null | undefined) => (ms == null ? '-' : `${ms} ms`);
export function formatLength(b: number | null | undefined): string {
  if (b == null) return '-';
  return b < 1024 ? `${b} B` : `${(b / 1024).toFixed(2)} KB`;
}
