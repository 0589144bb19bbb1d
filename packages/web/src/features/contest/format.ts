import i18n from '../../i18n';

/** "1 d 2 h 3 min" style duration from milliseconds (zero parts are left out). */
export function formatDuration(ms: number, withSeconds = false): string {
  const t = i18n.t.bind(i18n);
  let s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400); s -= d * 86400;
  const h = Math.floor(s / 3600); s -= h * 3600;
  const m = Math.floor(s / 60); s -= m * 60;
  const parts: string[] = [];
  if (d) parts.push(t('contest.days', { n: d }));
  if (h) parts.push(t('contest.hours', { n: h }));
  if (m) parts.push(t('contest.minutes', { n: m }));
  if (withSeconds && (s || !parts.length)) parts.push(t('contest.seconds', { n: s }));
  return parts.join(' ') || t('contest.minutes', { n: 0 });
}

/** hh:mm:ss for countdowns and ACM solve times (hours may exceed 24). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
