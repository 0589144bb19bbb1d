import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every response (pages, API, files), set by @fastify/helmet in onRequest, so
 * a route that needs a different (stricter) policy, such as uploaded files under /public/, simply
 * sets its own header later and wins.
 *
 * CSP: scripts only from this origin (the Vite build emits no inline script). Styles also allow
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
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
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

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // API clients on other origins read /public/ images (avatars) too.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
