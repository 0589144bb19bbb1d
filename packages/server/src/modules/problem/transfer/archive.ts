import { isPlainFileName } from '@verdict/shared';
import { AppError } from '../../../http/errors.js';
import { shownName } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import type { ParsedArchive, SkippedProblem } from './types.js';

/** Entries grouped by their first folder ('' for files at the top). */
export function byTopFolder(entries: ZipFileEntry[]): Map<string, Map<string, Buffer>> {
  const out = new Map<string, Map<string, Buffer>>();
  for (const e of entries) {
    if (e.path.startsWith('__MACOSX/')) continue;
    const slash = e.path.indexOf('/');
    const top = slash < 0 ? '' : e.path.slice(0, slash);
    const rest = slash < 0 ? e.path : e.path.slice(slash + 1);
    if (!out.has(top)) out.set(top, new Map());
    out.get(top)!.set(rest, e.data);
  }
  return out;
}

/** Files of a folder map under a sub-folder, keyed by the remaining path. */
export function under(files: Map<string, Buffer>, prefix: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const p = prefix.endsWith('/') ? prefix : `${prefix}/`;
  for (const [k, v] of files) if (k.startsWith(p) && k.length > p.length) out.set(k.slice(p.length), v);
  return out;
}

const naturalKey = (s: string) => s.replace(/\d+/g, (d) => d.padStart(12, '0'));

/** Pairs `x.in` with `x.out` / `x.ans` in natural order; unpaired files are returned apart. */
export function pairByName(files: Map<string, Buffer>): { pairs: { name: string; input: string; output: string }[]; unmatched: string[] } {
  const slots = new Map<string, { in?: string; out?: string }>();
  for (const name of files.keys()) {
    const m = /^(.*)\.(in|out|ans)$/i.exec(name);
    if (!m) continue;
    const s = slots.get(m[1]) ?? {};
    if (m[2].toLowerCase() === 'in') s.in = name; else s.out ??= name;
    slots.set(m[1], s);
  }
  const pairs: { name: string; input: string; output: string }[] = [];
  const unmatched: string[] = [];
  for (const [name, s] of slots) {
    if (s.in && s.out) pairs.push({ name, input: s.in, output: s.out });
    else unmatched.push((s.in ?? s.out)!);
  }
  pairs.sort((a, b) => naturalKey(a.name).localeCompare(naturalKey(b.name)));
  return { pairs, unmatched };
}

export const asText = (b: Buffer | undefined) => (b ? b.toString('utf8').replace(/^\uFEFF/, '') : '');

export function parseJsonFile(b: Buffer | undefined): Record<string, unknown> | null {
  if (!b) return null;
  try {
    const v = JSON.parse(asText(b));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * A skip for the report when an archive names a test file that is not plain (`../x`, `a/b`):
 * checked before the files are looked up, so the report names the file instead of saying "no data".
 */
export function unsafeNameSkip(label: string, names: string[]): SkippedProblem | null {
  const bad = names.find((n) => !isPlainFileName(n));
  return bad === undefined ? null : { label, reason: 'problemFileNameInvalid', vars: { problem: label, name: shownName(bad) } };
}

/** Which exchange format an archive looks like, by the files each one must have; null when none fits. */
export function detectFormat(entries: ZipFileEntry[]): string | null {
  const paths = entries.map((e) => e.path).filter((p) => !p.startsWith('__MACOSX/'));
  const has = (re: RegExp) => paths.some((p) => re.test(p));
  if (has(/(^|\/)problem\.xml$/)) return 'Polygon';
  if (has(/(^|\/)problem\.yaml$/) && has(/(^|\/)data\/(secret|sample)\//)) return 'ICPC / Kattis';
  if (has(/(^|\/)problem\.yaml$/)) return 'Hydro';
  if (has(/(^|\/)\d+\/problem\.json$/)) return 'QDUOJ';
  if (has(/(^|\/)[^/]+\.json$/) && entries.some((e) => /\.json$/.test(e.path) && /"problem"\s*:/.test(e.data.subarray(0, 65536).toString('utf8')))) return 'Verdict / HOJ';
  if (entries.some((e) => /\.xml$/i.test(e.path) && /<fps[\s>]/.test(e.data.subarray(0, 4096).toString('latin1')))) return 'FPS';
  return null;
}

/** The one answer to a package no reader of the chosen format understood: what is supported, and what it looks like. */
export function unknownPackage(format: string, entries: ZipFileEntry[]): AppError {
  const detected = detectFormat(entries);
  return detected && detected !== format
    ? new AppError(400, 'importFormatLooksLike', { format, detected })
    : new AppError(400, 'importFormatUnknown', { format });
}

/** Whether a reader recognised nothing at all: no problem, and every skip says "not this format". */
export const recognisedNothing = (parsed: ParsedArchive) =>
  parsed.problems.length === 0 && parsed.skipped.every((s) => s.reason === 'importFormatInvalid');

/** The true reason a problem has no usable tests: none at all, or the files its package names are not in it. */
export function missingTestsSkip(label: string, missing: string[]): SkippedProblem {
  if (!missing.length) return { label, reason: 'problemNoTestData' };
  return { label, reason: 'importTestsMissing', vars: { names: missing.slice(0, 5).map(shownName).join(', ') + (missing.length > 5 ? ', …' : '') } };
}
