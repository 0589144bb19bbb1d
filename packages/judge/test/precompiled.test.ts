/** Precompiled bits/stdc++.h (judge/precompiled.ts): used when it fits, and never changes a compile's result or message. */
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLanguage, type LanguageDef } from '../src/languages/registry.js';
import { isAvailable } from '../src/languages/detect.js';
import { precompiled, type PrecompiledStore } from '../src/judge/precompiled.js';
import { compileInBox } from '../src/judge/session.js';
import { Box } from '../src/sandbox/box.js';
import { sandboxReady } from './helpers.js';

// A store of its own: these tests corrupt entries.
const stateDir = mkdtempSync(join(tmpdir(), 'verdict-pch-test-'));
process.env.VERDICT_JUDGE_DIR = stateDir;

const CPP = findLanguage('C++ 17 With O2')!;
const JAVA = findLanguage('Java')!;
const AB = '#include <bits/stdc++.h>\nusing namespace std;\nint main(){ long long a,b; cin>>a>>b; cout<<a+b<<endl; }\n';
/** Its errors sit inside library headers: gcc's include chain shows them ("from main.cpp:1" without a PCH). */
const CE = '#include <bits/stdc++.h>\nusing namespace std;\nint main(){ vector<int> v; v.push_back("x"); map<int,int> m; m.insert(3); }\n';

/** Zeroes the second half of a file, keeping its size and times (only the compiler can tell). */
function damage(file: string): void {
  const before = statSync(file);
  const fd = openSync(file, 'r+');
  const at = Math.floor(before.size / 2);
  writeSync(fd, Buffer.alloc(before.size - at), 0, before.size - at, at);
  closeSync(fd);
  utimesSync(file, before.atimeMs / 1000, before.mtimeMs / 1000);
}

// Plain compiles of bits/stdc++.h take seconds of CPU, slower still while other suites share the cores.
describe.skipIf(!sandboxReady)('precompiled headers', { timeout: 600_000 }, () => {
  let store: PrecompiledStore;
  let box: Box;

  beforeAll(async () => {
    store = precompiled();
    expect(await store.prepare(CPP)).toBe(true);
    box = await Box.open({ binds: [store.bind()] });
  }, 600_000);
  afterAll(async () => {
    await box?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  /** Compiles with the store on or off, and runs the program on "1 2" when it compiled. */
  async function compile(lang: LanguageDef, code: string, usePch: boolean) {
    store.enabled = usePch;
    try {
      const r = await compileInBox(box, lang, code);
      if (!r.ok) return { ...r, output: null };
      writeFileSync(box.hostPath('in'), '1 2\n');
      await box.run({ argv: ['/w/main'], stdin: '/w/in', stdout: '/w/out', cpuMs: 2000, wallMs: 5000, memoryBytes: 256 << 20, outputBytes: 1 << 20, pids: 4 });
      return { ...r, output: readFileSync(box.hostPath('out'), 'utf8') };
    } finally {
      store.enabled = true;
    }
  }

  // How much CPU the PCH saves is measured by bench/judge-bench.ts (a shared CI machine makes a
  // ratio flaky); here: it is used, it is cheaper, and the result is the same.
  it('a program including bits/stdc++.h compiles from the PCH, for less CPU and with the same result', async () => {
    const plain = await compile(CPP, AB, false);
    const pch = await compile(CPP, AB, true);
    expect(plain).toMatchObject({ ok: true, precompiled: false, output: '3\n' });
    expect(pch).toMatchObject({ ok: true, precompiled: true, message: plain.message, output: '3\n' });
    expect(pch.cpuMs!).toBeLessThan(plain.cpuMs!);
    // One that does not include it compiles as before.
    expect(await compile(CPP, '#include <cstdio>\nint main(){ int a,b; scanf("%d%d",&a,&b); printf("%d\\n",a+b); }', true)).toMatchObject({ ok: true, precompiled: false, output: '3\n' });
  });

  it('a compile error reads exactly as without the PCH', async () => {
    expect(store.compileArgv(CPP, CE)).not.toBeNull();
    const plain = await compile(CPP, CE, false);
    const pch = await compile(CPP, CE, true);
    expect(plain.ok).toBe(false);
    expect(plain.message).toMatch(/from main\.cpp:1/);
    expect(pch).toMatchObject({ ok: false, precompiled: false, message: plain.message });
  });

  it('a PCH gcc cannot read (corrupted, same size and time) falls back to a plain compile', async () => {
    const gch = store.filePath(CPP)!;
    damage(gch);
    try {
      expect(store.compileArgv(CPP, AB)).not.toBeNull(); // still looks like the PCH checked earlier
      expect(await compile(CPP, AB, true)).toMatchObject({ ok: true, precompiled: false, message: '', output: '3\n' });
      // A changed entry (here: its size) is checked again, and rebuilt: never used as it is.
      writeFileSync(gch, 'x', { flag: 'a' });
      expect(store.compileArgv(CPP, AB)).toBeNull();
    } finally {
      store.enabled = true;
    }
    expect(await store.prepare(CPP)).toBe(true);
    expect(await compile(CPP, AB, true)).toMatchObject({ ok: true, precompiled: true, output: '3\n' });
  });

  it('a PCH built with other flags (-O2 for a language without) is refused by gcc: the header is read instead', async () => {
    const noO2 = findLanguage('C++ 17')!;
    const entry = join(store.dir, store.key(noO2)!);
    const gch = join(entry, 'bits/stdc++.h.gch');
    mkdirSync(dirname(gch), { recursive: true });
    copyFileSync(store.filePath(CPP)!, gch);
    copyFileSync(join(dirname(dirname(store.filePath(CPP)!)), '.complete'), join(entry, '.complete'));
    store.forget();
    expect(await store.prepare(noO2)).toBe(true); // the checksum fits: only gcc can tell
    expect(store.compileArgv(noO2, AB)).not.toBeNull();
    expect(await compile(noO2, AB, true)).toMatchObject({ ok: true, message: '', output: '3\n' });
  });

  it.skipIf(!isAvailable(JAVA))('javac compiles with its class archive: the same class file and messages; a damaged archive falls back', async () => {
    const CE_JAVA = 'public class Main { public static void main(String[] a) { int x = "s"; } }';
    const javac = async (code: string, on: boolean) => {
      store.enabled = on;
      try {
        return await compileInBox(box, JAVA, code);
      } finally {
        store.enabled = true;
      }
    };
    // prepare() probes the archive with -Xshare:on (the JVM fails rather than run without it), so a
    // true here means javac maps it. What it saves is measured by bench/judge-bench.ts, not here: a
    // CPU ratio on a shared CI machine is flaky.
    expect(await store.prepare(JAVA)).toBe(true);
    const classFile = () => readFileSync(box.hostPath('Main.class'));
    const plain = await javac(JAVA.template, false);
    const plainClass = classFile();
    rmSync(box.hostPath('Main.class'));
    const fast = await javac(JAVA.template, true);
    expect(plain).toMatchObject({ ok: true, precompiled: false });
    expect(fast).toMatchObject({ ok: true, precompiled: true, message: plain.message });
    expect(store.compileArgv(JAVA, JAVA.template)?.some((a) => a.startsWith('-J-XX:SharedArchiveFile='))).toBe(true);
    expect(classFile().equals(plainClass)).toBe(true);
    const ce = await javac(CE_JAVA, false);
    expect(ce.ok).toBe(false);
    expect(await javac(CE_JAVA, true)).toMatchObject({ ok: false, message: ce.message });
    damage(store.filePath(JAVA)!);
    // The JVM refuses it (silently) or crashes on it (the plain compile decides): the same result either way.
    expect(await javac(JAVA.template, true)).toMatchObject({ ok: true, message: plain.message });
    expect(box.list().filter((n) => n.startsWith('hs_err'))).toEqual([]);
  });
});
