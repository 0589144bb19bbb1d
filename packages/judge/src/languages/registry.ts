import { TEMPLATES } from './templates.js';

/** What the server lists (the spec's Language entity, with HOJ's id and isSpj). */
export interface LanguageInfo {
  /** Stable numeric id (HOJ's Language.id: its problem forms key code templates by it). */
  id: number;
  /** May write checkers and interactors (HOJ's isSpj: the SPJ language picker lists these). */
  isSpj: boolean;
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  contentType: string;
  oj: string;
}

export interface RunContext {
  /** Memory limit after the language factor, MiB. */
  memoryMb: number;
  stackMb: number;
}

/** How the judge compiles and runs one language (all paths inside the box, cwd /w). */
export interface LanguageDef extends Omit<LanguageInfo, 'id' | 'isSpj'> {
  sourceName: string;
  /** The file (or directory marker) the compile step must leave behind; null = the source itself runs. */
  exeName: string | null;
  /** Files the compile step produces that the run step needs; copied between boxes (default [exeName]). */
  artifacts?: string[];
  compile: string[] | null;
  run: (ctx: RunContext) => string[];
  /** Time and memory multiplier (2 for everything but C and C++). */
  factor: number;
  /** Tool whose presence makes the language available. */
  binary: string;
  versionArgs: string[];
  env?: Record<string, string>;
  compileCpuMs?: number;
  compileMemoryMb?: number;
  /** JVM rules: no address-space limit, heap = limit, extra cgroup room, more threads. */
  jvm?: boolean;
  /** Never set RLIMIT_AS (JVM, PyPy, Go, Node reserve large virtual ranges). */
  noAddressSpaceLimit?: boolean;
  /** Stderr of a run that means "out of memory" rather than a crash (MLE only near the limit, see session.ts). */
  oomPattern?: RegExp;
  /** Stderr saying the runtime's own memory cap, which the judge sets to the limit (-Xmx, memory_limit, ...), was hit: MLE at any peak. */
  limitOomPattern?: RegExp;
  /** Said with the Compile Error when the compiler succeeded but left no runnable program. */
  artefactHint?: string;
  /** A header the judge precompiles with exactly these compiler flags (judge/precompiled.ts). */
  pch?: { header: string; flags: string[] };
  /** The compiler is a JVM program: the judge records a class-data-sharing archive for it (judge/precompiled.ts). */
  classArchive?: boolean;
}

const BASE_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

function cFamily(name: string, std: string, o2: boolean, cxx: boolean, description: string): LanguageDef {
  const src = cxx ? 'main.cpp' : 'main.c';
  const flags = ['-DONLINE_JUDGE', '-w', '-fmax-errors=3', `-std=${std}`, ...(o2 ? ['-O2'] : [])];
  const compile = [cxx ? '/usr/bin/g++' : '/usr/bin/gcc', ...flags, src, '-lm', '-o', 'main'];
  return {
    name, description, oj: 'ME', sourceName: src, exeName: 'main', compile, run: () => ['/w/main'], factor: 1,
    compileCommand: compile.join(' ').replace(/^\/usr\/bin\//, ''), template: cxx ? TEMPLATES.cpp : TEMPLATES.c,
    contentType: cxx ? 'text/x-c++src' : 'text/x-csrc', binary: cxx ? '/usr/bin/g++' : '/usr/bin/gcc',
    versionArgs: ['--version'], oomPattern: /std::bad_alloc/,
    // No PCH for C: measured, it saves nothing on a 50 ms A+B and a wider one would change verdicts (README, "Precompiled headers").
    ...(cxx ? { pch: { header: 'bits/stdc++.h', flags } } : {}),
  };
}

/** A JVM out of -Xmx heap (the limit), as opposed to e.g. "Requested array size exceeds VM limit". */
const JVM_LIMIT_OOM = /OutOfMemoryError: (Java heap space|GC overhead limit exceeded)/;

/** Run flags of JVM languages. (Their compilers are short-lived JVMs run with C1 only, which halves their CPU time.) */
const jvmFlags = (ctx: RunContext) => [`-Xmx${ctx.memoryMb}m`, `-Xss${Math.max(ctx.stackMb, 8)}m`, '-XX:+UseSerialGC',
  '-XX:ActiveProcessorCount=1', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=4'];

export const LANGUAGE_DEFS: LanguageDef[] = [
  cFamily('C', 'c11', false, false, 'GCC C11'),
  cFamily('C With O2', 'c11', true, false, 'GCC C11 -O2'),
  cFamily('C++', 'c++14', false, true, 'G++ C++14'),
  cFamily('C++ With O2', 'c++14', true, true, 'G++ C++14 -O2'),
  cFamily('C++ 17', 'c++17', false, true, 'G++ C++17'),
  cFamily('C++ 17 With O2', 'c++17', true, true, 'G++ C++17 -O2'),
  cFamily('C++ 20', 'c++20', false, true, 'G++ C++20'),
  cFamily('C++ 20 With O2', 'c++20', true, true, 'G++ C++20 -O2'),
  {
    name: 'Java', description: 'OpenJDK 17', oj: 'ME', sourceName: 'Main.java', exeName: 'Main.class', artifacts: ['*.class'],
    compile: ['/usr/bin/javac', '-encoding', 'UTF-8', '-J-Xmx384m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-J-XX:ActiveProcessorCount=1', '-d', '.', 'Main.java'],
    compileCommand: 'javac -encoding UTF-8 Main.java', run: (ctx) => ['/usr/bin/java', ...jvmFlags(ctx), '-cp', '/w', 'Main'],
    factor: 2, template: TEMPLATES.java, contentType: 'text/x-java', binary: '/usr/bin/javac', versionArgs: ['-version'],
    jvm: true, noAddressSpaceLimit: true, oomPattern: /OutOfMemoryError/, limitOomPattern: JVM_LIMIT_OOM, compileCpuMs: 20_000,
    artefactHint: 'the class with the main method must be named Main', classArchive: true,
  },
  {
    name: 'Python3', description: 'CPython 3', oj: 'ME', sourceName: 'main.py', exeName: null,
    compile: ['/usr/bin/python3', '-m', 'py_compile', 'main.py'], compileCommand: 'python3 -m py_compile main.py',
    run: () => ['/usr/bin/python3', '/w/main.py'], factor: 2, template: TEMPLATES.python3, contentType: 'text/x-python',
    binary: '/usr/bin/python3', versionArgs: ['--version'], oomPattern: /MemoryError/, env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  },
  {
    name: 'PyPy3', description: 'PyPy 3', oj: 'ME', sourceName: 'main.py', exeName: null,
    compile: ['/usr/bin/pypy3', '-m', 'py_compile', 'main.py'], compileCommand: 'pypy3 -m py_compile main.py',
    run: () => ['/usr/bin/pypy3', '/w/main.py'], factor: 2, template: TEMPLATES.python3, contentType: 'text/x-python',
    binary: '/usr/bin/pypy3', versionArgs: ['--version'], noAddressSpaceLimit: true, oomPattern: /MemoryError/,
    env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  },
  {
    name: 'Python2', description: 'CPython 2.7', oj: 'ME', sourceName: 'main.py', exeName: null,
    compile: ['/usr/bin/python2', '-m', 'py_compile', 'main.py'], compileCommand: 'python2 -m py_compile main.py',
    run: () => ['/usr/bin/python2', '/w/main.py'], factor: 2, template: TEMPLATES.python2, contentType: 'text/x-python',
    binary: '/usr/bin/python2', versionArgs: ['--version'], oomPattern: /MemoryError/, env: { PYTHONDONTWRITEBYTECODE: '1' },
  },
  {
    name: 'Golang', description: 'Go', oj: 'ME', sourceName: 'main.go', exeName: 'main',
    compile: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'], compileCommand: 'go build -o main main.go',
    run: () => ['/w/main'], factor: 2, template: TEMPLATES.go, contentType: 'text/x-go', binary: '/usr/bin/go',
    versionArgs: ['version'], noAddressSpaceLimit: true, compileCpuMs: 20_000,
    env: { GOCACHE: '/tmp/go-cache', GOPATH: '/tmp/go', GO111MODULE: 'off', CGO_ENABLED: '0', GOMAXPROCS: '1' },
    oomPattern: /out of memory/, artefactHint: 'the program must be package main with a func main',
  },
  {
    name: 'Rust', description: 'rustc 2021 -O', oj: 'ME', sourceName: 'main.rs', exeName: 'main',
    compile: ['/usr/bin/rustc', '--edition', '2021', '-O', '-o', 'main', 'main.rs'], compileCommand: 'rustc --edition 2021 -O -o main main.rs',
    run: () => ['/w/main'], factor: 2, template: TEMPLATES.rust, contentType: 'text/x-rustsrc', binary: '/usr/bin/rustc',
    versionArgs: ['--version'], compileCpuMs: 20_000, oomPattern: /memory allocation of \d+ bytes failed/,
  },
  {
    name: 'JavaScript Node', description: 'Node.js', oj: 'ME', sourceName: 'main.js', exeName: null,
    compile: ['/usr/bin/node', '--check', 'main.js'], compileCommand: 'node --check main.js',
    run: (ctx) => ['/usr/bin/node', `--max-old-space-size=${ctx.memoryMb}`, `--stack-size=${Math.min(ctx.stackMb, 64) * 900}`, '/w/main.js'],
    factor: 2, template: TEMPLATES.javascript, contentType: 'text/javascript', binary: '/usr/bin/node', versionArgs: ['--version'],
    noAddressSpaceLimit: true, oomPattern: /heap out of memory/, limitOomPattern: /heap out of memory|Reached heap limit/,
  },
  {
    name: 'Ruby', description: 'Ruby', oj: 'ME', sourceName: 'main.rb', exeName: null,
    compile: ['/usr/bin/ruby', '-c', 'main.rb'], compileCommand: 'ruby -c main.rb', run: () => ['/usr/bin/ruby', '/w/main.rb'],
    factor: 2, template: TEMPLATES.ruby, contentType: 'text/x-ruby', binary: '/usr/bin/ruby', versionArgs: ['--version'],
    oomPattern: /NoMemoryError|failed to allocate memory/,
  },
  {
    name: 'PHP', description: 'PHP CLI', oj: 'ME', sourceName: 'main.php', exeName: null,
    compile: ['/usr/bin/php', '-l', 'main.php'], compileCommand: 'php -l main.php',
    run: (ctx) => ['/usr/bin/php', '-d', `memory_limit=${ctx.memoryMb}M`, '-d', 'display_errors=stderr', '/w/main.php'],
    factor: 2, template: TEMPLATES.php, contentType: 'text/x-php', binary: '/usr/bin/php', versionArgs: ['--version'],
    oomPattern: /Allowed memory size/, limitOomPattern: /Allowed memory size/,
  },
  {
    name: 'C#', description: 'Mono C#', oj: 'ME', sourceName: 'main.cs', exeName: 'main.exe',
    compile: ['/usr/bin/mcs', '-optimize+', '-out:main.exe', 'main.cs'], compileCommand: 'mcs -optimize+ -out:main.exe main.cs',
    run: () => ['/usr/bin/mono', '/w/main.exe'], factor: 2, template: TEMPLATES.csharp, contentType: 'text/x-csharp',
    binary: '/usr/bin/mcs', versionArgs: ['--version'], noAddressSpaceLimit: true, oomPattern: /OutOfMemoryException/,
  },
  {
    name: 'Pascal', description: 'Free Pascal', oj: 'ME', sourceName: 'main.pas', exeName: 'main',
    compile: ['/usr/bin/fpc', '-O2', '-Xs', '-Sgic', '-omain', 'main.pas'], compileCommand: 'fpc -O2 -Xs -Sgic -omain main.pas',
    run: () => ['/w/main'], factor: 2, template: TEMPLATES.pascal, contentType: 'text/x-pascal', binary: '/usr/bin/fpc',
    versionArgs: ['-iV'], oomPattern: /Runtime error 203/,
  },
  {
    name: 'Kotlin', description: 'Kotlin/JVM', oj: 'ME', sourceName: 'main.kt', exeName: 'main.jar',
    compile: ['/usr/bin/kotlinc', 'main.kt', '-include-runtime', '-d', 'main.jar'], compileCommand: 'kotlinc main.kt -include-runtime -d main.jar',
    run: (ctx) => ['/usr/bin/java', ...jvmFlags(ctx), '-jar', '/w/main.jar'], factor: 2, template: TEMPLATES.kotlin,
    contentType: 'text/x-kotlin', binary: '/usr/bin/kotlinc', versionArgs: ['-version'], jvm: true, noAddressSpaceLimit: true,
    oomPattern: /OutOfMemoryError/, limitOomPattern: JVM_LIMIT_OOM, compileCpuMs: 60_000, compileMemoryMb: 1024, env: { JAVA_OPTS: '-Xmx768m -XX:+UseSerialGC -XX:TieredStopAtLevel=1' },
  },
  {
    name: 'Haskell', description: 'GHC -O2', oj: 'ME', sourceName: 'main.hs', exeName: 'main',
    compile: ['/usr/bin/ghc', '-O2', '-o', 'main', 'main.hs'], compileCommand: 'ghc -O2 -o main main.hs',
    run: () => ['/w/main'], factor: 2, template: TEMPLATES.haskell, contentType: 'text/x-haskell', binary: '/usr/bin/ghc',
    versionArgs: ['--numeric-version'], noAddressSpaceLimit: true, compileCpuMs: 30_000, oomPattern: /Heap exhausted/,
  },
  {
    name: 'Lua', description: 'Lua 5.4', oj: 'ME', sourceName: 'main.lua', exeName: null,
    compile: ['/usr/bin/luac5.4', '-p', 'main.lua'], compileCommand: 'luac5.4 -p main.lua', run: () => ['/usr/bin/lua5.4', '/w/main.lua'],
    factor: 2, template: TEMPLATES.lua, contentType: 'text/x-lua', binary: '/usr/bin/lua5.4', versionArgs: ['-v'], oomPattern: /not enough memory/,
  },
  {
    name: 'Fortran', description: 'GNU Fortran -O2', oj: 'ME', sourceName: 'main.f90', exeName: 'main',
    compile: ['/usr/bin/gfortran', '-O2', '-o', 'main', 'main.f90'], compileCommand: 'gfortran -O2 -o main main.f90',
    run: () => ['/w/main'], factor: 2, template: TEMPLATES.fortran, contentType: 'text/x-fortran', binary: '/usr/bin/gfortran',
    versionArgs: ['--version'], oomPattern: /Allocation would exceed memory limit/,
  },
];

export function languageEnv(def: LanguageDef): Record<string, string> {
  return { ...BASE_ENV, ...(def.env ?? {}) };
}

export function findLanguage(name: string): LanguageDef | undefined {
  return LANGUAGE_DEFS.find((l) => l.name === name);
}

/**
 * Language ids, never reused or renumbered (append new languages at the end): HOJ's clients store
 * code templates and forms by id. A language missing here is not listed.
 */
const LANGUAGE_IDS: Record<string, number> = {
  'C': 1, 'C With O2': 2, 'C++': 3, 'C++ With O2': 4, 'C++ 17': 5, 'C++ 17 With O2': 6, 'C++ 20': 7, 'C++ 20 With O2': 8,
  'Java': 9, 'Python3': 10, 'PyPy3': 11, 'Python2': 12, 'Golang': 13, 'Rust': 14, 'JavaScript Node': 15, 'Ruby': 16,
  'PHP': 17, 'C#': 18, 'Pascal': 19, 'Kotlin': 20, 'Haskell': 21, 'Lua': 22, 'Fortran': 23,
};

/** The id of a registry language (undefined for one a worker reports that the registry lacks). */
export const languageId = (name: string): number | undefined => LANGUAGE_IDS[name];

/** The registry as the server lists it; isSpj marks C and C++, the languages HOJ offers for checkers (ours compile in any registry language). */
export const LANGUAGES: LanguageInfo[] = LANGUAGE_DEFS.filter(({ name }) => LANGUAGE_IDS[name] !== undefined)
  .map(({ name, description, compileCommand, template, contentType, oj, sourceName }) => ({
    id: LANGUAGE_IDS[name], isSpj: /^main\.(c|cpp)$/.test(sourceName), name, description, compileCommand, template, contentType, oj,
  }));
