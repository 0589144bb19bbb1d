import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (pages, API, files), set in onRequest, so
 * a route that needs a different (stricter) policy, such as uploaded files under /public/, simply
 * sets its own header later and wins.
 *
 * CSP: scripts only from this origin, plus one inline script allowed by its hash: index.html's few
 * lines that set the colour theme on <html> before the first paint (issue 32: no flash of the wrong
 * theme; the Vite build emits no other inline script; test/csp-inline-script.test.ts checks that
 * the hash is that script's). Styles also allow
 * 'unsafe-inline': antd's CSS-in-JS, CodeMirror and ECharts insert <style> elements at run time, and
 * KaTeX / highlight.js output carries style="" attributes inside rendered markdown; a nonce cannot
 * cover style attributes, and index.html is a precompressed static file with no per-request nonce.
 * Inline styles cannot run code, so this keeps the script policy strict. Images: this origin, data:
 * and blob: (cropped avatars, inline SVG data), and any https: address, because imported and
 * remote-judge statements keep their images as links to their home sites (an image cannot run
 * code; the referrer policy keeps our paths from those sites). No framing by anyone (frame-ancestors 'none'
 * and X-Frame-Options DENY for older browsers). No upgrade-insecure-requests: a site served over
 * plain HTTP on a LAN address must still load its own scripts.
 */
/** sha256 of index.html's theme script (packages/web/index.html): change both together. */
export const THEME_SCRIPT_HASH = "'sha256-BqFB3bpbKzhbolQoeS69MDngnI/6IaugRQ36SAl5bEM='";

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", THEME_SCRIPT_HASH],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The CSP header value: directives in order, camelCase names dashed, sources space-separated. */
export const CSP = Object.entries(CSP_DIRECTIVES)
  .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
  .join(';');

/**
 * The whole set, computed once: what @fastify/helmet 13 (helmet 8) sent with the options this file
 * used to give it (its defaults plus our CSP, frame, referrer and resource policies). helmet
 * re-parsed its configuration and ran a dozen middlewares on every request; the set never varies.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CSP,
  'Cross-Origin-Opener-Policy': 'same-origin',
  // API clients on other origins read /public/ images (avatars) too.
  'Cross-Origin-Resource-Policy': 'same-site',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});
const ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * The web client's hashed files (/assets/: scripts, styles, fonts) are never documents, and the
 * client starts no workers: CSP, framing, opener, referrer and the legacy document headers do
 * nothing there and would add ~1 KB to each of a screen's dozens of files on a first visit. They
 * keep what applies to any file: no MIME sniffing, the cross-origin resource policy, HSTS.
 */
const ASSET_ENTRIES = ENTRIES.filter(([name]) => ['X-Content-Type-Options', 'Cross-Origin-Resource-Policy', 'Strict-Transport-Security'].includes(name));

/**
 * Set on the raw response in onRequest, as helmet did: a header the route sets later through the
 * reply (the /public/ sandbox CSP) wins at writeHead, and a hijacked response (the live stream)
 * still carries the set.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of req.url.startsWith('/assets/') ? ASSET_ENTRIES : ENTRIES) res.setHeader(name, value);
    done();
  });
}
