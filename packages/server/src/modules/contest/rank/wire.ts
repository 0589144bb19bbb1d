import { ContestType, type AcmCell, type ScoreboardRecord } from '@verdict/shared';
import type { ContestRow } from '../tables.js';

const SECOND = 1000;

/**
 * A rank row as HOJ's client reads it (the wire contract): cells keyed by the contest display ID,
 * ACM `ACTime` in seconds since the start, ACM `totalTime` the penalty in seconds. The rank model
 * keeps cells by problem id in ms and the penalty in whole minutes per solve (spec 02's minutes
 * column), so the penalty here is those minutes times 60: dividing by 60, as HOJ's client and ours
 * do, shows exactly the minutes the rank is sorted by. OI: scores and run times (ms) by display ID.
 */
export function toWireRecord(c: ContestRow, r: ScoreboardRecord, displayIdOf: Map<number, string>): ScoreboardRecord {
  const acm = c.type === ContestType.ACM;
  const submissionInfo: ScoreboardRecord['submissionInfo'] = {};
  const timeInfo: ScoreboardRecord['timeInfo'] = {};
  for (const [pid, v] of Object.entries(r.submissionInfo)) {
    const key = displayIdOf.get(Number(pid));
    if (key === undefined) continue; // a problem removed from the contest
    if (acm) {
      const cell = v as AcmCell;
      submissionInfo[key] = { ...cell, ACTime: cell.ACTime == null ? null : Math.floor(cell.ACTime / SECOND) };
    } else {
      submissionInfo[key] = v;
      if (r.timeInfo[Number(pid)] !== undefined) timeInfo[key] = r.timeInfo[Number(pid)];
    }
  }
  return { ...r, totalTime: acm ? r.totalTime * 60 : r.totalTime, submissionInfo, timeInfo };
}

/** An ACM cell as toWireRecord sends it (ACTime in seconds), as JSON text, keys in the cell's order. */
export const acmCellJson = (cell: AcmCell) =>
  `{"isAC":${cell.isAC},"isFirstAC":${cell.isFirstAC},"isAfterContest":${cell.isAfterContest},"ACTime":${cell.ACTime == null ? null : Math.floor(cell.ACTime / SECOND)},"errorNum":${cell.errorNum},"tryNum":${cell.tryNum}}`;

/** Whether a property key is an array index (0 to 2^32 - 2), which objects list first. */
const isArrayIndex = (k: string) => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;

/** Cells by display ID as JSON text: the keys quoted, and objects written as JSON.stringify writes them. */
export interface WireCellKeys {
  /** `"A":` by problem id. */
  quoted: Map<number, string>;
  /** Whether an object's keys are written as added (else `object` puts them in order). */
  asAdded: boolean;
  /** An object from (quoted key, JSON value) pairs added in this order. */
  object(props: [quotedKey: string, json: string][]): string;
}

const cellKeys = new WeakMap<Map<number, string>, WireCellKeys>();

/**
 * The JSON writing of cells keyed by `displayIdOf` (kept per map). Objects list array-index keys
 * ("1001") first, ascending, then the rest as added: when a display ID is a number the cells are
 * put in that order, as JSON.stringify of toWireRecord's cells does.
 */
export function wireCellKeys(displayIdOf: Map<number, string>): WireCellKeys {
  let k = cellKeys.get(displayIdOf);
  if (!k) {
    const quoted = new Map([...displayIdOf].map(([pid, id]) => [pid, flat(`${JSON.stringify(id)}:`)]));
    const index = new Map([...displayIdOf.values()].filter(isArrayIndex).map((id) => [flat(`${JSON.stringify(id)}:`), Number(id)]));
    const object = (props: [string, string][]) => {
      const first = props.filter(([q]) => index.has(q)).sort((a, b) => index.get(a[0])! - index.get(b[0])!);
      return `{${[...first, ...props.filter(([q]) => !index.has(q))].map(([q, v]) => q + v).join(',')}}`;
    };
    cellKeys.set(displayIdOf, (k = { quoted, asAdded: index.size === 0, object }));
  }
  return k;
}

/**
 * The same text, made one piece: V8 keeps a joined string as a tree of its parts, which every
 * later join that includes it walks again (a kept cell text is joined into thousands of pages).
 * Reading it as a number flattens it in place.
 */
export function flat(text: string): string {
  Number(text);
  return text;
}

/** Cells not (yet) Accepted as JSON, by their tries (a handful of distinct texts, kept). */
const nonAcTexts = new Map<number, string>();
export function nonAcCellJson(cell: AcmCell): string {
  if (cell.errorNum >= 1024 || cell.tryNum >= 1024) return acmCellJson(cell);
  const key = cell.errorNum * 1024 + cell.tryNum;
  let text = nonAcTexts.get(key);
  if (text === undefined) nonAcTexts.set(key, (text = flat(acmCellJson(cell))));
  return text;
}
