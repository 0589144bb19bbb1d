import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CSP, CSP_DIRECTIVES } from '../src/http/security-headers.js';

// index.html's one inline script (the theme before the first paint, issue 32) runs only if the
// CSP names its exact hash: editing the script without the hash would silently bring back the
// flash of the wrong theme (the browser refuses it). No other inline script is allowed.
const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const hashOf = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe("index.html's inline theme script under the CSP", () => {
  it('is the only inline script, and the CSP allows it by its hash and nothing else inline', () => {
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('prefers-color-scheme: dark');
    expect(CSP_DIRECTIVES.scriptSrc).toEqual(["'self'", hashOf(inline[0])]);
    expect(CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('the built index.html keeps the script byte for byte (when built)', () => {
    const built = path.resolve(import.meta.dirname, '../../web/dist/index.html');
    if (!fs.existsSync(built)) return;
    const out = [...fs.readFileSync(built, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(out.map(hashOf)).toEqual([hashOf(inline[0])]);
  });
});
