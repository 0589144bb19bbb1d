/** Only http(s) links from a profile become clickable; anything else (javascript:, data:) is shown as text. */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const v = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
