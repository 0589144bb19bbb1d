/** Built-in output comparison. Verdicts are relative to one case; FAIL: the answer file does not fit the checker (the problem's fault). */
export type CompareVerdict = 'AC' | 'PE' | 'WA' | 'FAIL';

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

/** testlib's blanks: space, tab, CR, LF. */
const testlibTokens = (s: string) => s.split(/[ \t\r\n]+/).filter((t) => t.length > 0);

/**
 * A double as testlib's readDouble (stringToDouble) accepts it: only digits, '.', 'e'/'E', '+'
 * and '-' in plain or e-notation, read whole. "nan", "inf", "NaN", "Infinity" and hex are refused.
 */
export function testlibDouble(token: string): number | null {
  if (!/^[0-9.eE+-]+$/.test(token)) return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(token)) return null;
  return Number(token);
}

/** testlib's __testlib_isInfinite: any magnitude above 1e300 counts as infinite. */
const isInfinite = (x: number) => x > 1e300 || x < -1e300;

/** testlib's doubleCompare(expected, result, error), exactly: absolute or relative error, NaN and infinities by kind. */
export function doubleCompare(expected: number, result: number, maxError: number): boolean {
  const e = maxError + 1e-15;
  if (Number.isNaN(expected)) return Number.isNaN(result);
  if (isInfinite(expected)) return expected > 0 ? result > 0 && isInfinite(result) : result < 0 && isInfinite(result);
  if (Number.isNaN(result) || isInfinite(result)) return false;
  if (Math.abs(result - expected) <= e) return true;
  const a = expected * (1 - e);
  const b = expected * (1 + e);
  return result >= Math.min(a, b) && result <= Math.max(a, b);
}

/**
 * testlib's rcmp checker: every number of the answer read with readDouble and compared with
 * doubleCompare. A token that is not a double, a missing number, or extra output is PE (testlib's
 * "wrong output format"); a number out of tolerance WA; an answer that is not numbers FAIL.
 * Signs of zero are equal (0 and -0 differ by 0).
 */
export function compareFloats(user: string, answer: string, eps = 1e-6): CompareVerdict {
  const u = testlibTokens(user);
  const a = testlibTokens(answer);
  for (let i = 0; i < a.length; i++) {
    const expected = testlibDouble(a[i]);
    if (expected === null) return 'FAIL';
    if (i >= u.length) return 'PE';
    const result = testlibDouble(u[i]);
    if (result === null) return 'PE';
    if (!doubleCompare(expected, result, eps)) return 'WA';
  }
  return u.length > a.length ? 'PE' : 'AC';
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
