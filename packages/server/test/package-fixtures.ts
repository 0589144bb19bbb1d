import { writeZip } from '../src/modules/testcase/zip.js';

/**
 * Small problem packages written here, in the shapes real Polygon and ICPC/Kattis packages have
 * (no test fetches anything): a package is a list of files; helpers build their problem.xml.
 */
export type PackageFiles = { path: string; data: Buffer | string }[];

export interface PolygonTestSpec { input: string; answer?: string; points?: number; group?: string; sample?: boolean; generated?: boolean }
export interface PolygonSpec {
  shortName: string;
  names?: Record<string, string>;
  tests: PolygonTestSpec[];
  groups?: { name: string; points?: number; policy?: string; dependsOn?: string[] }[];
  checker?: { name?: string; path?: string; source?: string; type?: string };
  interactor?: { path: string; source: string; type?: string };
  solutions?: { tag: string; path: string; source: string; type: string }[];
  inputFile?: string;
  outputFile?: string;
  timeMs?: number;
  memoryBytes?: number;
  statements?: PackageFiles;
  tags?: string[];
  extra?: PackageFiles;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A Polygon package: problem.xml as Polygon writes it, tests/NN and tests/NN.a, sources under files/ and solutions/. */
export function polygonFiles(s: PolygonSpec): PackageFiles {
  const files: PackageFiles = [];
  const tests = s.tests.map((t, i) => {
    const n = String(i + 1).padStart(2, '0');
    if (!t.generated) files.push({ path: `tests/${n}`, data: t.input });
    if (t.answer !== undefined) files.push({ path: `tests/${n}.a`, data: t.answer });
    const a = [`method="${t.generated ? 'generated' : 'manual'}"`, t.generated ? 'cmd="gen 5"' : '', t.points !== undefined ? `points="${t.points}.0"` : '',
      t.group !== undefined ? `group="${t.group}"` : '', t.sample ? 'sample="true"' : ''].filter(Boolean).join(' ');
    return `        <test ${a}/>`;
  });
  const groups = (s.groups ?? []).map((g) => `        <group feedback-policy="complete"${g.points !== undefined ? ` points="${g.points}.0"` : ''} name="${g.name}" points-policy="${g.policy ?? 'complete-group'}">${
    g.dependsOn?.length ? `<dependencies>${g.dependsOn.map((d) => `<dependency group="${d}"/>`).join('')}</dependencies>` : ''}</group>`);
  const source = (path: string, src: string, type: string) => {
    files.push({ path, data: src });
    return `<source path="${path}" type="${type}"/>`;
  };
  const assets: string[] = [];
  if (s.checker) {
    const inner = s.checker.source !== undefined ? source(s.checker.path ?? 'files/check.cpp', s.checker.source, s.checker.type ?? 'cpp.g++17') : '<source path="files/check.cpp" type="cpp.g++17"/>';
    assets.push(`    <checker${s.checker.name ? ` name="${s.checker.name}"` : ''} type="testlib">${inner}<binary path="check.exe" type="exe.win32"/></checker>`);
  }
  if (s.interactor) assets.push(`    <interactor>${source(s.interactor.path, s.interactor.source, s.interactor.type ?? 'cpp.g++17')}</interactor>`);
  if (s.solutions?.length) {
    assets.push(`    <solutions>${s.solutions.map((x) => `<solution tag="${x.tag}">${source(x.path, x.source, x.type)}</solution>`).join('')}</solutions>`);
  }
  const names = Object.entries(s.names ?? { english: s.shortName }).map(([l, v]) => `    <name language="${l}" value="${attr(v)}"/>`);
  const xml = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="${s.shortName}" url="https://polygon.codeforces.com/p/someone/${s.shortName}">
  <names>
${names.join('\n')}
  </names>
  <judging cpu-name="Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz" cpu-speed="3600" input-file="${s.inputFile ?? ''}" output-file="${s.outputFile ?? ''}" run-count="1">
    <testset name="tests">
      <time-limit>${s.timeMs ?? 2000}</time-limit>
      <memory-limit>${s.memoryBytes ?? 268435456}</memory-limit>
      <test-count>${s.tests.length}</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
${tests.join('\n')}
      </tests>${groups.length ? `\n      <groups>\n${groups.join('\n')}\n      </groups>` : ''}
    </testset>
  </judging>
  <files>
    <resources>
      <file path="files/olymp.sty"/>
      <file path="files/problem.tex"/>
    </resources>
  </files>
  <assets>
${assets.join('\n')}
  </assets>
  <properties><property name="tests-wellformed" value="true"/></properties>
  <tags>${(s.tags ?? []).map((t) => `<tag value="${t}"/>`).join('')}</tags>
</problem>
`;
  files.push({ path: 'problem.xml', data: xml }, { path: 'files/olymp.sty', data: '% style\n' }, ...(s.statements ?? []), ...(s.extra ?? []));
  return files;
}

export const zipOf = (files: PackageFiles, prefix = '') => writeZip(files.map((f) => ({ path: prefix + f.path, data: f.data })));

/** A 1×1 PNG. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

export const AB_CPP = '#include <cstdio>\nint main(){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;printf("%lld\\n",a+b);return 0;}\n';
export const AB_WRONG_CPP = '#include <cstdio>\nint main(){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;printf("%lld\\n",a+b+1);return 0;}\n';
export const AB_SLOW_CPP = '#include <cstdio>\nint main(){volatile unsigned long long x=0;for(;;)x++;return 0;}\n';

/**
 * A checker written without testlib (our call: checker input user_output answer; exit 0 AC,
 * 1 WA): accepts any output whose number differs from the answer by at most 1.
 */
export const NEAR_CHECKER_CPP = `#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long u, a;
  if (!out || !ans || fscanf(ans, "%lld", &a) != 1) return 3;
  if (fscanf(out, "%lld", &u) != 1) { fprintf(stderr, "wrong answer no number\\n"); return 1; }
  if (llabs(u - a) > 1) { fprintf(stderr, "wrong answer %lld is far from %lld\\n", u, a); return 1; }
  fprintf(stderr, "ok close enough\\n");
  return 0;
}
`;

/**
 * An ICPC output validator in the Kattis convention (validator input answer feedback_dir, team
 * output on stdin, exit 42 accept / 43 reject, judgemessage.txt): any two numbers whose sum is
 * the answer are accepted.
 */
export const SUM_VALIDATOR_CPP = `#include <cstdio>
#include <fstream>
#include <string>
int main(int argc, char **argv) {
  std::ifstream ans(argv[2]);
  long long want, x, y;
  ans >> want;
  std::string dir = argv[3];
  if (scanf("%lld %lld", &x, &y) != 2 || x + y != want) {
    std::ofstream(dir + "judgemessage.txt") << "the two numbers do not add up to " << want;
    return 43;
  }
  return 42;
}
`;

export interface IcpcSpec {
  yaml: string;
  samples?: [string, string][];
  secret?: [string, string][];
  validator?: string;
  statement?: PackageFiles;
  submissions?: { folder: string; name: string; source: string }[];
  extra?: PackageFiles;
}

/** An ICPC/Kattis package: problem.yaml, data/sample, data/secret, output_validators/, problem_statement/, submissions/. */
export function icpcFiles(s: IcpcSpec): PackageFiles {
  const files: PackageFiles = [{ path: 'problem.yaml', data: s.yaml }];
  (s.samples ?? []).forEach(([i, a], n) => files.push({ path: `data/sample/${n + 1}.in`, data: i }, { path: `data/sample/${n + 1}.ans`, data: a }));
  (s.secret ?? []).forEach(([i, a], n) => files.push({ path: `data/secret/${String(n + 1).padStart(2, '0')}.in`, data: i }, { path: `data/secret/${String(n + 1).padStart(2, '0')}.ans`, data: a }));
  if (s.validator) files.push({ path: 'output_validators/sum_checker/validate.cpp', data: s.validator });
  for (const x of s.submissions ?? []) files.push({ path: `submissions/${x.folder}/${x.name}`, data: x.source });
  return [...files, ...(s.statement ?? []), ...(s.extra ?? [])];
}
