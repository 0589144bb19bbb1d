/** Every offered language, for real: A+B accepted, and WA, CE, RE, TLE, MLE programs given those verdicts. */
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_DEFS, LANGUAGES } from '../src/languages/registry.js';
import { detectLanguages, versionLine } from '../src/languages/detect.js';
import { cleanupProblems, judge, makeProblem, sandboxReady } from './helpers.js';

interface Programs { re: string; tle: string; mle: string }

const C: Programs = {
  re: '#include <stdlib.h>\nint main(void){ abort(); }',
  tle: 'int main(void){ volatile unsigned x = 0; for(;;) x++; }',
  mle: '#include <stdlib.h>\nint main(void){ for(;;){ volatile char *p = malloc(1<<20); for(int i=0;i<(1<<20);i+=4096) p[i]=1; } }',
};
const CPP: Programs = {
  re: '#include <stdexcept>\nint main(){ throw std::runtime_error("boom"); }',
  tle: 'int main(){ volatile unsigned x = 0; for(;;) x++; }',
  mle: '#include <vector>\n#include <cstdio>\nint main(){ std::vector<std::vector<char>> v; for(;;) v.emplace_back(1<<20, 1); }',
};
const PY: Programs = {
  re: 'raise Exception("boom")\n',
  tle: 'while True:\n    pass\n',
  mle: 'x = []\nwhile True:\n    x.append(bytearray(b"1" * (1 << 20)))\n',
};
const JVM_JAVA: Programs = {
  re: 'public class Main { public static void main(String[] a) { throw new RuntimeException("boom"); } }',
  tle: 'public class Main { public static void main(String[] a) { long x = 0; while (true) { x++; if (x == -1) break; } System.out.println(x); } }',
  mle: 'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }',
};
const PROGRAMS: Record<string, Programs | null> = {
  C, 'C With O2': C, 'C++': CPP, 'C++ With O2': CPP, 'C++ 17': CPP, 'C++ 17 With O2': CPP, 'C++ 20': CPP, 'C++ 20 With O2': CPP,
  Java: JVM_JAVA, Python3: PY, PyPy3: PY, Python2: PY,
  Golang: {
    re: 'package main\nfunc main() { panic("boom") }',
    tle: 'package main\nimport "fmt"\nfunc main() { x := 0; for { x++; if x < 0 { break } }; fmt.Println(x) }',
    mle: 'package main\nimport "fmt"\nfunc main() { var s [][]byte; for { b := make([]byte, 1<<20); for i := range b { b[i] = 1 }; s = append(s, b); if len(s) < 0 { fmt.Println(len(s)) } } }',
  },
  Rust: {
    re: 'fn main() { std::process::exit(3); }',
    tle: 'fn main() { let mut x: u64 = 0; loop { unsafe { std::ptr::write_volatile(&mut x, x.wrapping_add(1)); } } }',
    mle: 'fn main() { let mut v: Vec<Vec<u8>> = Vec::new(); loop { v.push(vec![1u8; 1 << 20]); if v.len() == usize::MAX { println!("{}", v.len()); } } }',
  },
  'JavaScript Node': {
    re: 'throw new Error("boom");',
    tle: 'let x = 0; while (true) { x++; }',
    mle: 'const a = []; while (true) a.push(Buffer.alloc(1 << 20, 1));',
  },
  Ruby: { re: 'raise "boom"\n', tle: 'loop { }\n', mle: 'a = []\nloop { a << ("x" * (1 << 20)) }\n' },
  PHP: {
    re: '<?php\nthrow new Exception("boom");\n',
    tle: '<?php\nwhile (true) {}\n',
    mle: '<?php\n$a = [];\nwhile (true) $a[] = str_repeat("x", 1 << 20);\n',
  },
  'C#': {
    re: 'public class P { public static void Main() { throw new System.Exception("boom"); } }',
    tle: 'public class P { public static void Main() { long x = 0; while (true) { x++; if (x == -1) break; } System.Console.WriteLine(x); } }',
    mle: 'using System.Collections.Generic;\npublic class P { public static void Main() { var l = new List<byte[]>(); while (true) { var b = new byte[1 << 20]; for (int i = 0; i < b.Length; i += 4096) b[i] = 1; l.Add(b); } } }',
  },
  Pascal: {
    re: 'program main;\nbegin\n  halt(3);\nend.\n',
    tle: 'program main;\nvar x: int64;\nbegin\n  x := 0;\n  while true do inc(x);\nend.\n',
    mle: 'program main;\nvar p: PByte; i: longint;\nbegin\n  while true do begin\n    getmem(p, 1 shl 20);\n    i := 0;\n    while i < (1 shl 20) do begin p[i] := 1; inc(i, 4096); end;\n  end;\nend.\n',
  },
  Kotlin: null, // a Kotlin compile takes ~30 s here: A+B and CE here, the other verdicts below from one compile
  Haskell: {
    re: 'main :: IO ()\nmain = error "boom"\n',
    tle: 'loop :: Int -> Int\nloop n = if n < 0 then n else loop (n + 1)\nmain :: IO ()\nmain = print (loop 0)\n',
    mle: 'import Foreign.Marshal.Alloc\nimport Foreign.Ptr\nimport Foreign.Storable\nimport Data.Word\nmain :: IO ()\nmain = do\n  p <- mallocBytes (1024 * 1024 * 1024) :: IO (Ptr Word8)\n  mapM_ (\\i -> pokeByteOff p (i * 4096) (1 :: Word8)) [0 .. 262143]\n  print 1\n',
  },
  Lua: {
    re: 'error("boom")\n',
    tle: 'while true do end\n',
    mle: 'local t = {}\nlocal i = 0\nwhile true do i = i + 1; t[i] = i end\n',
  },
  Fortran: {
    re: 'program main\n  stop 3\nend program main\n',
    tle: 'program main\n  integer(kind=8) :: i\n  i = 1\n  do while (i > 0)\n    i = i + 1\n    if (i == 0) print *, i\n  end do\nend program main\n',
    mle: 'program main\n  real(kind=8), allocatable :: a(:)\n  allocate(a(500000000))\n  a = 1.0d0\n  print *, sum(a)\nend program main\n',
  },
};

const availability = new Map((await detectLanguages()).map((l) => [l.name, l]));

describe('registry', () => {
  it('lists every language of the spec with template and content type', () => {
    const names = LANGUAGES.map((l) => l.name);
    for (const n of ['C', 'C++', 'C++ With O2', 'C++ 17', 'C++ 20 With O2', 'Java', 'Python3', 'PyPy3', 'Python2', 'Golang', 'Rust',
      'JavaScript Node', 'Ruby', 'PHP', 'C#', 'Pascal', 'Kotlin', 'Haskell', 'Lua', 'Fortran']) expect(names).toContain(n);
    for (const l of LANGUAGES) {
      expect(l.template.length).toBeGreaterThan(10);
      expect(l.contentType).toMatch(/^text\//);
      expect(l.compileCommand.length).toBeGreaterThan(3);
    }
    expect(Object.keys(PROGRAMS).sort()).toEqual(LANGUAGE_DEFS.map((l) => l.name).sort());
  });

  it('gives every language a unique, stable id (HOJ keys code templates by it) and marks C and C++ for checkers', () => {
    expect(LANGUAGES.length).toBe(LANGUAGE_DEFS.length);
    expect(new Set(LANGUAGES.map((l) => l.id)).size).toBe(LANGUAGES.length);
    // Ids are part of the wire: these must never change.
    const byName = Object.fromEntries(LANGUAGES.map((l) => [l.name, l.id]));
    expect([byName.C, byName['C++'], byName.Java, byName.Python3, byName.Fortran]).toEqual([1, 3, 9, 10, 23]);
    expect(LANGUAGES.filter((l) => l.isSpj).map((l) => l.name)).toEqual(['C', 'C With O2', 'C++', 'C++ With O2', 'C++ 17', 'C++ 17 With O2', 'C++ 20', 'C++ 20 With O2']);
  });

  it('reads a version, not the JVM warning kotlinc prints first', () => {
    const kotlinc = 'OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated in JDK 13\ninfo: kotlinc-jvm 1.3-SNAPSHOT (JRE 17.0.15+6)\n';
    expect(versionLine(kotlinc)).toBe('kotlinc-jvm 1.3-SNAPSHOT (JRE 17.0.15+6)');
    expect(versionLine('\ngcc (Debian 12.2.0-14) 12.2.0\nCopyright')).toBe('gcc (Debian 12.2.0-14) 12.2.0');
    const kt = availability.get('Kotlin');
    if (kt?.available) expect(kt.version).not.toMatch(/warning/i);
  });

  it('reports Python 2 unavailable when the host has no interpreter', () => {
    const py2 = availability.get('Python2')!;
    expect(py2.available).toBe(py2.version !== null);
  });
});

describe.skipIf(!sandboxReady)('every available language in the sandbox', () => {
  const ab = makeProblem({ tests: { 1: ['1 2\n', '3\n'], 2: ['100 -7\n', '93\n'] }, timeLimit: 500, memoryLimit: 64, judgeCaseMode: 'ergodic_without_error' });
  const abWrong = makeProblem({ tests: { 1: ['1 2\n', '4\n'] }, timeLimit: 500, memoryLimit: 64 });
  afterAll(cleanupProblems);

  for (const def of LANGUAGE_DEFS) {
    const available = availability.get(def.name)?.available ?? false;
    const programs = PROGRAMS[def.name];
    describe.skipIf(!available)(def.name, () => {
      it('A+B template: AC; garbage: CE', async () => {
        const ac = await judge(ab, def.name, def.template);
        expect(ac.status, JSON.stringify(ac)).toBe('AC');
        expect(ac.cases).toHaveLength(2);
        // Starts like PHP so that PHP, which echoes text outside <?php, also sees a syntax error.
        const ce = await judge(ab, def.name, '<?php this is }{ not a program ((\n');
        expect(ce.status).toBe('CE');
        expect(ce.errorMessage?.length).toBeGreaterThan(0);
      }, 240_000);

      it.skipIf(!programs)('WA, RE, TLE, MLE', async () => {
        expect((await judge(abWrong, def.name, def.template)).status).toBe('WA');
        const re = await judge(ab, def.name, programs!.re);
        expect(re.status, JSON.stringify(re)).toBe('RE');
        const tle = await judge(ab, def.name, programs!.tle);
        expect(tle.status, JSON.stringify(tle)).toBe('TLE');
        const mle = await judge(ab, def.name, programs!.mle);
        expect(mle.status, JSON.stringify(mle)).toBe('MLE');
      }, 240_000);
    });
  }

  // A Kotlin compile is slow: one program that picks its misbehaviour from the input, one case
  // per verdict (the default case mode runs every case).
  it.skipIf(!(availability.get('Kotlin')?.available ?? false))('Kotlin: WA, RE, TLE, MLE from one compile', async () => {
    const modes = makeProblem({
      tests: { 1: ['ok\n', 'ok\n'], 2: ['wa\n', 'ok\n'], 3: ['re\n', 'ok\n'], 4: ['tle\n', 'ok\n'], 5: ['mle\n', 'ok\n'] },
      // OI, so every case runs (an ACM problem in default mode stops at the first failure).
      timeLimit: 500, memoryLimit: 64, type: 'OI',
    });
    const code = [
      'fun main() {',
      '    val mode = readLine()!!.trim()',
      '    when (mode) {',
      '        "wa" -> println("no")',
      '        "re" -> throw RuntimeException("boom")',
      '        "tle" -> { var x = 0L; while (true) { x++; if (x == -1L) break }; println(x) }',
      '        "mle" -> { val l = ArrayList<LongArray>(); while (true) l.add(LongArray(1 shl 20)) }',
      '        else -> println(mode)',
      '    }',
      '}',
    ].join('\n');
    const r = await judge(modes, 'Kotlin', code);
    expect(r.cases.map((c) => c.status), JSON.stringify(r)).toEqual(['AC', 'WA', 'RE', 'TLE', 'MLE']);
  }, 300_000);
});
