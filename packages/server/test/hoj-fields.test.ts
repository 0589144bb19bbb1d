import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOJ_ANSWERS, HOJ_CALLS, hojCallKey } from '@verdict/shared';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * HOJ's shapes, provable (issue 29 item 4). HOJ_ANSWERS (packages/shared/src/hoj-answers.ts) names the
 * schema of each HOJ call's `data`; here (1) the route Verdict registers for that call's verb and
 * path declares exactly that schema, and (2) every field HOJ's web client reads from that answer
 * (fixtures/hoj-read-fields.json, facts read from hoj-vue) is a field of the schema. A field HOJ
 * reads that the schema renames or drops fails (2) with the call and the field's path.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

interface Fixture { fields: Record<string, string[]>; $source: Record<string, string> }
const fixture = JSON.parse(readFileSync(new URL('./fixtures/hoj-read-fields.json', import.meta.url), 'utf8')) as Fixture;

const done = HOJ_CALLS.filter((c) => c.status === 'done');
const keyOf = (c: (typeof HOJ_CALLS)[number]) => hojCallKey(c, HOJ_CALLS);
const doneKeys = new Set(done.map(keyOf));
/** A fixture key names a call, maybe one shape of its answer (`getContestRank#ACM`). */
const callOf = (fixtureKey: string) => fixtureKey.split('#')[0]!;

type Def = Record<string, any>;
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** The schemas a path step may land on: wrappers (nullable, optional, pipe...) are looked through, unions give each option. */
function alternatives(s: z.ZodType, seen = new Set<unknown>()): z.ZodType[] {
  if (seen.has(s)) return [];
  seen.add(s);
  const def = defOf(s);
  switch (def.type) {
    case 'nullable': case 'optional': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional': case 'success':
      return alternatives(def.innerType, seen);
    case 'lazy': return alternatives(def.getter(), seen);
    case 'pipe': return [...alternatives(def.in, seen), ...alternatives(def.out, seen)];
    case 'union': return (def.options as z.ZodType[]).flatMap((o) => alternatives(o, seen));
    case 'intersection': return [...alternatives(def.left, seen), ...alternatives(def.right, seen)];
    default: return [s];
  }
}

type Step = { kind: 'field'; name: string } | { kind: 'array' } | { kind: 'map' };
function steps(path: string): Step[] {
  const out: Step[] = [];
  const re = /\[\]|\{\}|\.?([A-Za-z_$][\w$]*)/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < path.length && (m = re.exec(path))) {
    out.push(m[0] === '[]' ? { kind: 'array' } : m[0] === '{}' ? { kind: 'map' } : { kind: 'field', name: m[1]! });
  }
  if (re.lastIndex !== path.length) throw new Error(`unreadable path "${path}" at ${re.lastIndex}`);
  return out;
}

const describeKinds = (ss: z.ZodType[]) => [...new Set(ss.map((s) => {
  const def = defOf(s);
  const keys = def.type === 'object' ? Object.keys(def.shape) : [];
  return def.type === 'object' ? `object {${keys.slice(0, 12).join(', ')}${keys.length > 12 ? `, … ${keys.length - 12} more` : ''}}` : def.type;
}))].join(' | ');

/** Where the path leaves the schema, as a readable reason; null when every step is there. */
function missingAt(schema: z.ZodType, path: string): string | null {
  let at: z.ZodType[] = [schema];
  let walked = '';
  for (const step of steps(path)) {
    const options = at.flatMap((s) => alternatives(s));
    const next: z.ZodType[] = [];
    for (const s of options) {
      const def = defOf(s);
      if (step.kind === 'field' && def.type === 'object') {
        if (step.name in def.shape) next.push(def.shape[step.name]);
        else if (def.catchall && defOf(def.catchall).type !== 'never') next.push(def.catchall);
      } else if (step.kind === 'array' && def.type === 'array') next.push(def.element);
      else if (step.kind === 'map' && def.type === 'record') next.push(def.valueType);
      else if (def.type === 'any' || def.type === 'unknown') next.push(s);
    }
    const label = step.kind === 'field' ? `field "${step.name}"` : step.kind === 'array' ? 'array elements ([])' : 'map values ({})';
    if (!next.length) return `no ${label} at ${walked || '(data)'}, which is ${describeKinds(options)}`;
    walked += step.kind === 'field' ? (walked ? `.${step.name}` : step.name) : step.kind === 'array' ? '[]' : '{}';
    at = next;
  }
  return null;
}

/**
 * Fields HOJ's client reads that we deliberately do not send: the call, the field's path, and why
 * (like hoj-contract's 'differs'). HOJ's screen then shows an empty input for them. An entry whose
 * field becomes present, or whose reason is missing, fails below: the list stays true.
 */
const ACCEPTED_DIFFERENCES: { call: string; path: string; reason: string }[] = [
  ...['dbHost', 'dbPort', 'dbUsername', 'dbPassword', 'redisHost', 'redisPort', 'redisPassword'].map((path) => ({
    call: 'admin_getDataBaseConfig', path,
    reason: 'The database and Redis come from the server environment (DATABASE_URL, REDIS_URL) read at start, not a web form '
      + '(see DB_REASON in hoj-contract.ts): the answer says where data lives (dbKind, dbLocation, redis, redisLocation) and never sends hosts or passwords.',
  })),
  {
    call: 'admin_getSMTPConfig', path: 'emailPassword',
    reason: 'A stored secret is never sent back to a browser: hasPassword says whether one is stored, and set-email-config keeps it when HOJ\'s form sends none or an empty one.',
  },
];
const acceptedKey = (call: string, path: string) => `${call} ${path}`;
const accepted = new Set(ACCEPTED_DIFFERENCES.map((d) => acceptedKey(d.call, d.path)));

const jsonSchema = (s: z.ZodType) => {
  try { return JSON.stringify(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', cycles: 'ref' })); } catch (e) { return `unrepresentable: ${(e as Error).message}`; }
};

describe("HOJ's answers, declared and read", () => {
  it('the fixture names calls HOJ_CALLS marks done, each with its source', () => {
    const unknown = Object.keys(fixture.fields).filter((k) => !doneKeys.has(callOf(k)));
    expect(unknown).toEqual([]);
    expect(Object.keys(fixture.fields).filter((k) => !fixture.$source[k])).toEqual([]);
    expect(Object.keys(fixture.fields).length).toBeGreaterThanOrEqual(60);
  });

  it('HOJ_ANSWERS names only calls HOJ_CALLS marks done', () => {
    expect(Object.keys(HOJ_ANSWERS).filter((k) => !doneKeys.has(k))).toEqual([]);
  });

  it("every call marked done has its answer in HOJ_ANSWERS, and its route declares exactly that schema", () => {
    const problems: string[] = [];
    for (const c of done) {
      const key = keyOf(c);
      const route = t.app.routeTable.find((r) => r.method === c.verb && r.url === c.path);
      const envelope = (route as { response?: Record<number, unknown> } | undefined)?.response?.[200];
      const declared = envelope instanceof z.ZodType ? (defOf(envelope).shape?.data as z.ZodType | undefined) : undefined;
      const named = HOJ_ANSWERS[key];
      if (!route) problems.push(`${key} (${c.verb} ${c.path}): not routed`);
      else if (!envelope) problems.push(`${key} (${c.verb} ${c.path}): the route declares no answer (schema.response)`);
      else if (!declared) problems.push(`${key} (${c.verb} ${c.path}): the route's answer is not an envelope with data`);
      else if (!named) problems.push(`${key} (${c.verb} ${c.path}): no entry in HOJ_ANSWERS`);
      else if (named !== declared && jsonSchema(named) !== jsonSchema(declared)) {
        problems.push(`${key} (${c.verb} ${c.path}): HOJ_ANSWERS names a schema other than the one the route declares`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every field HOJ's client reads is in the answer's schema", () => {
    const problems: string[] = [];
    for (const [key, paths] of Object.entries(fixture.fields)) {
      const schema = HOJ_ANSWERS[callOf(key)];
      if (!schema) { problems.push(`${key}: no schema in HOJ_ANSWERS to check its ${paths.length} fields against`); continue; }
      for (const p of paths) {
        if (accepted.has(acceptedKey(callOf(key), p))) continue;
        const why = missingAt(schema, p);
        if (why) problems.push(`${key}: ${p} (${why})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every accepted difference is reasoned, names a field HOJ reads, and that field is still absent', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const d of ACCEPTED_DIFFERENCES) {
      const key = acceptedKey(d.call, d.path);
      if (seen.has(key)) problems.push(`${key}: listed twice`);
      seen.add(key);
      if (typeof d.reason !== 'string' || d.reason.trim().length < 40) problems.push(`${key}: no reason of at least 40 characters`);
      const reads = Object.entries(fixture.fields).filter(([k]) => callOf(k) === d.call).flatMap(([, paths]) => paths);
      if (!reads.includes(d.path)) problems.push(`${key}: HOJ's client does not read this field (fixture): drop the entry`);
      const schema = HOJ_ANSWERS[d.call];
      if (!schema) problems.push(`${key}: no schema in HOJ_ANSWERS`);
      else if (missingAt(schema, d.path) === null) problems.push(`${key}: the answer now has this field: drop the accepted difference`);
    }
    expect(problems).toEqual([]);
    expect(ACCEPTED_DIFFERENCES.map((d) => acceptedKey(d.call, d.path))).toContain('admin_getSMTPConfig emailPassword');
  });

  it('names the call and the field when a schema lacks a field HOJ reads', () => {
    const page = z.strictObject({ records: z.array(z.strictObject({ problemId: z.string(), tags: z.array(z.strictObject({ name: z.string() })).nullable() })), total: z.number() });
    expect(missingAt(page, 'records[].problemId')).toBeNull();
    expect(missingAt(page, 'records[].tags[].name')).toBeNull();
    expect(missingAt(page, 'records[].title')).toBe('no field "title" at records[], which is object {problemId, tags}');
    expect(missingAt(page, 'total[]')).toBe('no array elements ([]) at total, which is number');
    const map = z.record(z.string(), z.union([z.strictObject({ status: z.number() }), z.strictObject({ score: z.number() })]));
    expect(missingAt(map, '{}.score')).toBeNull();
    expect(missingAt(map, '{}.time')).toMatch(/^no field "time" at \{\}/);
  });
});
