import fs from 'node:fs';

/** The server package's version (src/ops and dist/ops sit at the same depth). */
export function verdictVersion(): string {
  return (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
