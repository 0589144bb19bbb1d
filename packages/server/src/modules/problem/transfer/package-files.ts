/**
 * Pieces both problem-package readers (Polygon, ICPC/Kattis) share: which of our languages a
 * package's source is written in, and the solutions a package carries.
 */

/** A solution kept from a package, with the verdict its author tagged it with (Polygon's tag names). */
export interface PackageSolution { name: string; tag: string; language: string; code: string }

/** Polygon's source types (`cpp.g++17`, `python.3`, `java21`…) by prefix, to our language names. */
const BY_TYPE: [RegExp, string][] = [
  [/^cpp\..*(20|23)/, 'C++ 20 With O2'],
  [/^cpp\./, 'C++ 17 With O2'],
  [/^c\./, 'C With O2'],
  [/^java/, 'Java'],
  [/^kotlin/, 'Kotlin'],
  [/^python\.pypy3/, 'PyPy3'],
  [/^python\.(3|pypy3?)/, 'Python3'],
  [/^python\.2/, 'Python2'],
  [/^(pascal|delphi)\./, 'Pascal'],
  [/^go\b/, 'Golang'],
  [/^rust/, 'Rust'],
  [/^csharp\./, 'C#'],
  [/^haskell/, 'Haskell'],
  [/^(js|javascript|node)/, 'JavaScript Node'],
  [/^ruby/, 'Ruby'],
  [/^php/, 'PHP'],
];

/** File extensions (ICPC packages name no language) to our language names. */
const BY_EXT: Record<string, string> = {
  cpp: 'C++ 17 With O2', cc: 'C++ 17 With O2', cxx: 'C++ 17 With O2', 'c++': 'C++ 17 With O2', c: 'C With O2', java: 'Java', kt: 'Kotlin',
  py: 'Python3', go: 'Golang', rs: 'Rust', cs: 'C#', pas: 'Pascal', hs: 'Haskell', js: 'JavaScript Node', rb: 'Ruby', php: 'PHP',
  lua: 'Lua', f90: 'Fortran',
};

/** Our language for a Polygon source type, else for the file's extension; null when we have none. */
export function packageLanguage(type: string | undefined, fileName: string): string | null {
  const t = (type ?? '').toLowerCase();
  for (const [re, lang] of BY_TYPE) if (re.test(t)) return lang;
  const ext = /\.([^./]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return BY_EXT[ext] ?? null;
}

/** The last part of a package path: what we show and keep as a solution's name. */
export const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * `printf`-style test paths of problem.xml (`tests/%02d`, `tests/%02d.a`) for test number n.
 * Only %d with an optional zero-padded width occurs in real packages.
 */
export function patternPath(pattern: string, n: number): string {
  return pattern.replace(/%(0?)(\d*)d/, (_, zero: string, width: string) => String(n).padStart(Number(width || 0), zero ? '0' : ' '));
}
