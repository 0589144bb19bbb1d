import { execFile } from 'node:child_process';
import { readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageAvailability } from '@verdict/shared';
import { judgeStateDir } from '../sandbox/paths.js';
import { LANGUAGE_DEFS, type LanguageDef } from './registry.js';

/** Versions by tool and its modification time, kept on disk: some tools (kotlinc) take seconds to answer. */
type VersionCache = Record<string, string | null>;
const memory: VersionCache = {};

function cacheFile(): string {
  return join(judgeStateDir(), 'versions.json');
}

function keyOf(def: LanguageDef): string | null {
  try {
    const st = statSync(def.binary);
    if (!(st.mode & 0o111)) return null;
    // PROBE_REVISION: a changed way of reading versions must not serve answers cached by the old one.
    return `${PROBE_REVISION} ${def.binary} ${def.versionArgs.join(' ')} ${st.mtimeMs}`;
  } catch {
    return null;
  }
}

function loadDisk(): VersionCache {
  try {
    return JSON.parse(readFileSync(cacheFile(), 'utf8'));
  } catch {
    return {};
  }
}

const PROBE_REVISION = 'v2';

/**
 * The version line of a tool's `--version` output: the first line that is not a runtime's
 * warning (kotlinc prints the JVM's "OpenJDK ... warning: ..." first) nor a log prefix.
 */
export function versionLine(output: string): string {
  const noise = /^(?:(?:OpenJDK|Java HotSpot)\b.*\bwarning:|Picked up _?JAVA_\w*OPTIONS|NOTE: Picked up|WARNING:)/i;
  const line = output.split('\n').map((l) => l.trim()).find((l) => l.length > 0 && !noise.test(l));
  return (line ?? 'unknown').replace(/^info:\s*/i, '').slice(0, 120);
}

function ask(def: LanguageDef): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(def.binary, def.versionArgs, { encoding: 'utf8', timeout: 60_000, env: { PATH: '/usr/bin:/bin', HOME: '/tmp' } }, (err, stdout, stderr) => {
      if (err) return resolve(null);
      resolve(versionLine(`${stdout}\n${stderr}`));
    });
  });
}

/** Which registry languages this machine really has (reported to the server at registration). */
export async function detectLanguages(): Promise<LanguageAvailability[]> {
  const disk = loadDisk();
  const found = await Promise.all(LANGUAGE_DEFS.map(async (def) => {
    const key = keyOf(def);
    if (key === null) return null;
    if (key in memory) return memory[key];
    if (key in disk) return (memory[key] = disk[key]);
    return (memory[key] = await ask(def));
  }));
  try {
    writeFileSync(cacheFile(), JSON.stringify({ ...disk, ...memory }));
  } catch {}
  return LANGUAGE_DEFS.map((def, i) => ({ name: def.name, available: found[i] !== null, version: found[i] }));
}

/** Whether a language can run here (after detectLanguages ran once; otherwise checks that the tool exists). */
export function isAvailable(def: LanguageDef): boolean {
  const key = keyOf(def);
  if (key === null) return false;
  return key in memory ? memory[key] !== null : true;
}

/**
 * What identifies the toolchain that compiles `def` here, without starting it: the tool resolved
 * through its symlinks (alternatives), with its size and modification time. A new compiler package
 * or a switched alternative changes it, so every checker cached for the old compiler is rebuilt;
 * the same answer whether or not detectLanguages ran in this process.
 */
export function toolVersion(def: LanguageDef): string {
  try {
    const real = realpathSync(def.binary);
    const st = statSync(real);
    return `${real} ${st.size} ${st.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
