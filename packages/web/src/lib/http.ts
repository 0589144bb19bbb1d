/**
 * The HTTP transport under lib/request.ts: one XMLHttpRequest per call. It does the little the
 * client needs (a base URL, query parameters, JSON or multipart bodies, JSON or blob responses, a
 * timeout, upload progress, response headers, an error carrying the response) in a few hundred
 * bytes, where axios added ~20 KB compressed to every first visit (issue 12).
 */

export interface HttpConfig {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters: null/undefined are left out, arrays repeat the key as `key[]`, objects are sent as JSON. */
  params?: Record<string, unknown>;
  /** FormData and Blob go as they are; anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds; 0 = none. */
  timeout?: number;
  responseType?: 'json' | 'blob';
  onUploadProgress?: (e: { loaded: number; total?: number }) => void;
  /** Send no Authorization header (login and admin login). */
  noAuth?: boolean;
  /** Show no error toast (the caller shows its own state). */
  quiet?: boolean;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** Response headers by lower-case name. */
  headers: Record<string, string>;
}

/** A call that failed: `code` is ECONNABORTED (timeout) or ERR_NETWORK without a response, else ERR_BAD_RESPONSE. */
export class HttpError extends Error {
  constructor(message: string, public code: 'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_BAD_RESPONSE', public config: HttpConfig, public response?: HttpResponse<unknown>) {
    super(message);
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

function query(params: Record<string, unknown> = {}): string {
  const out = new URLSearchParams();
  const put = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    out.append(k, v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v));
  };
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const item of v) put(`${k}[]`, item);
    else put(k, v);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

function parseHeaders(raw: string): Record<string, string> {
  const h: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) h[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return h;
}

type Hook = (cfg: HttpConfig & { headers: Record<string, string> }) => void;

/** A client with a base URL, a default timeout, a hook before each request and one after each response. */
export function createHttp({ baseURL, timeout }: { baseURL: string; timeout: number }) {
  const before: Hook[] = [];
  const after: ((res: HttpResponse<unknown>) => void)[] = [];

  function request<T>(config: HttpConfig): Promise<HttpResponse<T>> {
    const cfg = { ...config, method: config.method ?? 'GET', headers: { ...config.headers } };
    for (const h of before) h(cfg);
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const url = /^https?:/.test(cfg.url) ? cfg.url : `${baseURL}/${cfg.url.replace(/^\//, '')}`;
      xhr.open(cfg.method, url + query(cfg.params));
      xhr.timeout = cfg.timeout ?? timeout;
      xhr.responseType = cfg.responseType === 'blob' ? 'blob' : 'text';
      let body: XMLHttpRequestBodyInit | null = null;
      if (cfg.data instanceof FormData || cfg.data instanceof Blob) body = cfg.data;
      else if (cfg.data !== undefined) {
        body = JSON.stringify(cfg.data);
        cfg.headers['Content-Type'] ??= 'application/json';
      }
      cfg.headers.Accept ??= 'application/json, text/plain, */*';
      for (const [k, v] of Object.entries(cfg.headers)) xhr.setRequestHeader(k, v);
      if (cfg.onUploadProgress) {
        const on = cfg.onUploadProgress;
        xhr.upload.onprogress = (e) => on({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
      }
      xhr.ontimeout = () => reject(new HttpError(`timeout of ${xhr.timeout} ms exceeded`, 'ECONNABORTED', cfg));
      xhr.onerror = () => reject(new HttpError('Network Error', 'ERR_NETWORK', cfg));
      xhr.onabort = () => reject(new HttpError('Request aborted', 'ECONNABORTED', cfg));
      xhr.onload = () => {
        let data: unknown = xhr.response;
        if (xhr.responseType === 'text') {
          const text = xhr.responseText;
          try {
            data = text ? JSON.parse(text) : null;
          } catch {
            data = text;
          }
        }
        const res: HttpResponse<T> = { data: data as T, status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) };
        if (xhr.status >= 200 && xhr.status < 300) {
          for (const h of after) h(res);
          resolve(res);
        } else reject(new HttpError(`Request failed with status code ${xhr.status}`, 'ERR_BAD_RESPONSE', cfg, res));
      };
      xhr.send(body);
    });
  }

  return {
    request,
    get: <T>(url: string, cfg: Omit<HttpConfig, 'url' | 'method'> = {}) => request<T>({ ...cfg, url, method: 'GET' }),
    post: <T>(url: string, data?: unknown, cfg: Omit<HttpConfig, 'url' | 'method' | 'data'> = {}) => request<T>({ ...cfg, url, method: 'POST', data }),
    beforeEach: (h: Hook) => void before.push(h),
    afterEach: (h: (res: HttpResponse<unknown>) => void) => void after.push(h),
  };
}
