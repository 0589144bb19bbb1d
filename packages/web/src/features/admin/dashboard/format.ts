/** Bytes as KB / MB / GB (spec 01 §9: memory in KB and above). */
export function fmtBytes(n: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`;
}

/** Seconds as "3d 4h 5m" (or 3天 4小时 5分). */
export function fmtDuration(s: number, zh: boolean): string {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = zh ? [d && `${d}天`, h && `${h}小时`, `${m}分`] : [d && `${d}d`, h && `${h}h`, `${m}m`];
  return parts.filter(Boolean).join(' ');
}
