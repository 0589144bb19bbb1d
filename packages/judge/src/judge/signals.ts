import { constants } from 'node:os';

const NAMES = new Map<number, string>(Object.entries(constants.signals).map(([name, n]) => [n as number, name]));

export function signalName(sig: number): string {
  return NAMES.get(sig) ?? `signal ${sig}`;
}
