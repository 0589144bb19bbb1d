/**
 * A local stand-in of a home site: a real node http server on a free port answering routes the
 * way the real site does (HTML forms, JSON, redirects with cookies, CSRF tokens). Each site's
 * stand-in (`stand-ins/<key>.ts`) is a set of routes over its own state; adapters are pointed at
 * `standIn.url` as their base URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  cookies: Record<string, string>;
  /** Form fields of an application/x-www-form-urlencoded (or multipart text-field) body. */
  form: Record<string, string>;
  /** Parsed JSON body, when it was JSON. */
  json: unknown;
  body: string;
  /** Values of `:name` segments of the matched route. */
  params: Record<string, string>;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  /** A Buffer for pages in another charset than UTF-8 (GBK sites). */
  body?: string | Buffer;
  setCookies?: string[];
}

export type StandInHandler = (req: StandInRequest) => StandInReply | Promise<StandInReply>;

export interface StandIn {
  url: string;
  port: number;
  /** Every request received, oldest first (method and path with query). */
  log: { method: string; url: string; cookies: Record<string, string> }[];
  /** Replaces or adds a route while running ('GET /path/:id'). */
  route(key: string, handler: StandInHandler): void;
  close(): Promise<void>;
}

export const html = (body: string, extra: Omit<StandInReply, 'body'> = {}): StandInReply => ({
  ...extra,
  headers: { 'content-type': 'text/html; charset=utf-8', ...extra.headers },
  body,
});

export const json = (value: unknown, extra: Omit<StandInReply, 'body'> = {}): StandInReply => ({
  ...extra,
  headers: { 'content-type': 'application/json; charset=utf-8', ...extra.headers },
  body: JSON.stringify(value),
});

export const redirect = (location: string, setCookies: string[] = [], status = 302): StandInReply => ({
  status,
  headers: { location },
  setCookies,
});

/** A Set-Cookie line; `maxAge: 0` deletes the cookie in the client. */
export function setCookie(name: string, value: string, opts: { path?: string; maxAge?: number; httpOnly?: boolean } = {}): string {
  let line = `${name}=${value}; Path=${opts.path ?? '/'}`;
  if (opts.maxAge !== undefined) line += `; Max-Age=${opts.maxAge}`;
  if (opts.httpOnly !== false) line += '; HttpOnly';
  return line;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

function parseMultipart(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return {};
  const out: Record<string, string> = {};
  for (const part of body.split('--' + (boundary[1] ?? boundary[2]))) {
    const name = /name="([^"]*)"/.exec(part);
    const sep = part.indexOf('\r\n\r\n');
    if (name && sep >= 0) out[name[1]] = part.slice(sep + 4).replace(/\r\n$/, '');
  }
  return out;
}

function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

export async function startStandIn(routes: Record<string, StandInHandler>): Promise<StandIn> {
  const table = new Map(Object.entries(routes));
  const log: StandIn['log'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const body = Buffer.concat(chunks).toString('utf8');
        const type = req.headers['content-type'] ?? '';
        const cookies = parseCookies(req.headers.cookie);
        log.push({ method: req.method ?? 'GET', url: url.pathname + url.search, cookies });
        let form: Record<string, string> = {};
        let jsonBody: unknown;
        if (type.startsWith('application/x-www-form-urlencoded')) form = Object.fromEntries(new URLSearchParams(body));
        else if (type.startsWith('multipart/form-data')) form = parseMultipart(body, type);
        else if (type.startsWith('application/json') && body) jsonBody = JSON.parse(body);
        let reply: StandInReply = { status: 404, body: 'Not Found', headers: { 'content-type': 'text/plain' } };
        for (const [key, handler] of table) {
          const [method, pattern] = key.split(' ');
          const params = method === req.method ? matchRoute(pattern, url.pathname) : null;
          if (!params) continue;
          try {
            reply = await handler({ method, path: url.pathname, query: url.searchParams, headers: req.headers, cookies, form, json: jsonBody, body, params });
          } catch (e) {
            reply = { status: 500, body: String(e) };
          }
          break;
        }
        const headers: Record<string, string | string[]> = { ...reply.headers };
        if (reply.setCookies?.length) headers['set-cookie'] = reply.setCookies;
        res.writeHead(reply.status ?? 200, headers);
        res.end(reply.body ?? '');
      })();
    });
  });
  // Idle kept-alive connections are never closed from this side (no timeout, so no Keep-Alive hint
  // either): only the client retires them (undici after 4 s), so the stand-in cannot close a socket
  // just as a client on a loaded machine reuses it, which would read as an unreachable site.
  // close() ends every connection.
  server.keepAliveTimeout = 0;
  // IPv4 loopback by address, and the URL says the same address: no lookup of "localhost", which
  // may answer ::1 first where nothing listens.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    route: (key, handler) => void table.set(key, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
