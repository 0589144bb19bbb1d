import { isPlainFileName } from '@verdict/shared';
import { shownName } from '../../testcase/testdata.js';
import type { ZipFileEntry } from '../../testcase/zip.js';
import type { SkippedProblem } from './types.js';

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
