/**
 * The adapter of each home site. A site without an adapter is listed (the spec names it) but
 * cannot be switched on, imported from or submitted to.
 */
import type { RemoteJudgeAdapter, RemoteOjKey } from './adapter.js';
import { atcoder } from './sites/atcoder.js';
import { codeforces, gym } from './sites/codeforces.js';
import { hdu } from './sites/hdu.js';
import { libre } from './sites/libre.js';
import { poj } from './sites/poj.js';
import { spoj } from './sites/spoj.js';

export const ADAPTERS: Partial<Record<RemoteOjKey, RemoteJudgeAdapter>> = {};
ADAPTERS.CF = codeforces;
ADAPTERS.GYM = gym;
ADAPTERS.AC = atcoder;
ADAPTERS.HDU = hdu;
ADAPTERS.POJ = poj;
ADAPTERS.SPOJ = spoj;
ADAPTERS.LIBRE = libre;

/** Sites that share one pool of accounts: GYM is Codeforces with Codeforces accounts. */
export const POOL_OF: Partial<Record<RemoteOjKey, RemoteOjKey>> = { GYM: 'CF' };
export const poolOf = (oj: RemoteOjKey): RemoteOjKey => POOL_OF[oj] ?? oj;

/** Example problem id per site for messages ("not a problem ID of CF (for example 1000A)"). */
export const EXAMPLE_IDS: Record<RemoteOjKey, string> = { CF: '1000A', GYM: '100001A', AC: 'abc300_a', HDU: '1000', POJ: '1000', SPOJ: 'TEST', LIBRE: '1' };
