/** Built-in output comparison. Verdicts are relative to one case. */
export type CompareVerdict = 'AC' | 'PE' | 'WA';

const normaliseNewlines = (s: string) => s.replace(/\r\n?/g, '\n');

/** Trailing spaces of each line and trailing blank lines are ignored. */
export function removeEndBlank(s: string): string {
  return normaliseNewlines(s).split('\n').map((l) => l.replace(/[ \t]+$/, '')).join('\n').replace(/\n+$/, '');
}

/**
 * Default compare: exact match (CRLF normalised) is AC; equal once all whitespace is dropped is
 * PE; anything else WA. With removeEndBlankOn, line-end spaces and final blank lines don't matter.
 */
export function compareDefault(user: string, answer: string, removeEndBlankOn: boolean): CompareVerdict {
  const u = removeEndBlankOn ? removeEndBlank(user) : normaliseNewlines(user);
  const a = removeEndBlankOn ? removeEndBlank(answer) : normaliseNewlines(answer);
  if (u === a) return 'AC';
  return u.replace(/\s+/g, '') === a.replace(/\s+/g, '') ? 'PE' : 'WA';
}

const tokens = (s: string) => s.split(/\s+/).filter((t) => t.length > 0);

/** Same whitespace-separated tokens; layout never matters. */
export function compareTokens(user: string, answer: string): CompareVerdict {
  const u = tokens(user);
  const a = tokens(answer);
  return u.length === a.length && u.every((t, i) => t === a[i]) ? 'AC' : 'WA';
}

/** Tokens equal, numbers within an absolute or relative tolerance. */
export function compareFloats(user: string, answer: string, eps = 1e-6): CompareVerdict {
  const u = tokens(user);
  const a = tokens(answer);
  if (u.length !== a.length) return 'WA';
  for (let i = 0; i < a.length; i++) {
    if (u[i] === a[i]) continue;
    const x = Number(u[i]);
    const y = Number(a[i]);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !/^[-+]?(\d|\.\d)/.test(u[i])) return 'WA';
    if (Math.abs(x - y) > eps * Math.max(1, Math.abs(y))) return 'WA';
  }
  return 'AC';
}

/** Yes/no answers compared case-insensitively, token by token. */
export function compareYesNo(user: string, answer: string): CompareVerdict {
  const u = tokens(user).map((t) => t.toLowerCase());
  const a = tokens(answer).map((t) => t.toLowerCase());
  return u.length === a.length && u.every((t, i) => t === a[i]) ? 'AC' : 'WA';
}

/** Built-in checkers chosen with spjLanguage "Builtin" and spjCode "tokens" | "float[:eps]" | "yesno". */
export function builtinChecker(spec: string): ((user: string, answer: string) => CompareVerdict) | null {
  const [kind, arg] = spec.trim().split(':');
  if (kind === 'tokens') return compareTokens;
  if (kind === 'yesno') return compareYesNo;
  if (kind === 'float') {
    const eps = arg ? Number(arg) : 1e-6;
    if (!Number.isFinite(eps) || eps < 0) return null;
    return (u, a) => compareFloats(u, a, eps);
  }
  return null;
}
