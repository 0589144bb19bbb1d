import { TIMING, type Envelope } from '@verdict/shared';
import i18n, { currentLang } from '../i18n';
import { clearUser, openAuthModal, setToken, setUser, userStore } from '../stores/user';
import { showError, toast } from './feedback';
import { navigateTo } from './nav';
import { createHttp, isHttpError, type HttpConfig, type HttpError, type HttpResponse } from './http';

/** Options of one call. `quiet` suppresses the error toast (the caller shows its own state). */
export type CallOptions = Omit<HttpConfig, 'url' | 'method' | 'data' | 'params'>;

/** A failed call: `status` is the envelope/HTTP status (0 for network errors and timeouts). */
export class ApiError extends Error {
  constructor(message: string, public status: number, public data: unknown = null) {
    super(message);
  }
}

const t = (k: string) => i18n.t(k);

/** Admin calls are those under /api/admin/. */
export const isAdminUrl = (url = '') => /^\/?(api\/)?admin\//.test(url);

export const http = createHttp({ baseURL: '/api', timeout: TIMING.httpTimeoutMs });

http.beforeEach((cfg) => {
  const token = userStore.get().token;
  if (token && !cfg.noAuth) cfg.headers.Authorization = token;
  cfg.headers['Url-Type'] = isAdminUrl(cfg.url) ? 'admin' : 'general';
  cfg.headers['Accept-Language'] = currentLang();
});

/** Past half its life the server sends `Refresh-Token: true` and a new `Authorization`: keep the new one. */
function takeRefreshedToken(res: HttpResponse<unknown>) {
  const refresh = res.headers['refresh-token'];
  if (!refresh) return;
  const token = refresh === 'true' ? res.headers['authorization'] : refresh;
  if (token && userStore.get().token) setToken(String(token));
}
http.afterEach(takeRefreshedToken);

/** Re-reads the user's roles (after a 403, and once at start-up: they may have changed since login). */
export async function refreshRoles() {
  const user = userStore.get().user;
  if (!user || !userStore.get().token) return;
  try {
    const res = await http.get<Envelope<{ roles?: string[]; roleList?: string[] } | undefined>>('/get-user-auth-info', { quiet: true });
    const roles = res.data?.data?.roles ?? res.data?.data?.roleList;
    if (roles) setUser({ ...user, roleList: roles });
  } catch (e) {
    // The stored token is no longer valid: forget it quietly (nothing the user asked for failed).
    if (isHttpError(e) && e.response?.status === 401) clearUser();
  }
}

async function blobEnvelope(blob: Blob): Promise<{ msg?: string } | null> {
  if (!blob.type.includes('json')) return null;
  try {
    return JSON.parse(await blob.text());
  } catch {
    return {};
  }
}

function failHttp(err: HttpError): never {
  const cfg = err.config;
  const quiet = !!cfg.quiet;
  const admin = isAdminUrl(cfg.url);
  if (err.code === 'ECONNABORTED') {
    const text = t('request.timeout');
    if (!quiet) showError(text);
    throw new ApiError(text, 0);
  }
  if (!err.response) {
    const text = t('request.network');
    if (!quiet) showError(text);
    throw new ApiError(text, 0);
  }
  const { status } = err.response;
  const body = err.response.data as Envelope<unknown> | undefined;
  const serverMsg = body && typeof body === 'object' && 'msg' in body ? body.msg : '';
  if (status === 401) {
    // Sent with a token this tab no longer holds (logged out, or logged in again meanwhile): that
    // session ended on purpose; its late answers neither prompt a login nor touch the new state.
    const sent = cfg.headers?.Authorization;
    if (sent && sent !== userStore.get().token) throw new ApiError(serverMsg || t('request.loginFirst'), 401, body?.data);
    if (serverMsg && !quiet) showError(serverMsg);
    clearUser();
    if (admin) navigateTo('/admin/login');
    else openAuthModal('login');
    throw new ApiError(serverMsg || t('request.loginFirst'), 401, body?.data);
  }
  if (status === 403) {
    if (serverMsg && !quiet) showError(serverMsg);
    // The site requires a second factor of admins and this one has none yet (issue 33): off to set it up.
    if ((body?.data as { twoFactorEnrolRequired?: boolean } | null | undefined)?.twoFactorEnrolRequired) {
      navigateTo('/setting?tab=security');
      throw new ApiError(serverMsg || t('request.forbidden'), 403, body?.data);
    }
    void refreshRoles();
    if (admin) navigateTo('/admin');
    throw new ApiError(serverMsg || t('request.forbidden'), 403, body?.data);
  }
  if (status === 404) {
    // A 404 that carries data (where a moved problem went) is for its caller to act on, not an error toast.
    const text = body?.data != null && serverMsg ? serverMsg : t('request.notFound');
    if (!quiet && body?.data == null) showError(text);
    throw new ApiError(text, 404, body?.data);
  }
  const text = serverMsg || t('request.serverError');
  if (!quiet) showError(text);
  throw new ApiError(text, status, body?.data);
}

/** Runs one call and unwraps the envelope; every error is shown (unless quiet) and thrown as ApiError. */
export async function call<T>(cfg: HttpConfig): Promise<{ data: T; msg: string; headers: Record<string, string> }> {
  let res: HttpResponse<Envelope<T>>;
  try {
    res = await http.request<Envelope<T>>(cfg);
  } catch (e) {
    if (!isHttpError(e)) throw e;
    if (e.response?.data instanceof Blob) e.response.data = (await blobEnvelope(e.response.data)) ?? {};
    failHttp(e);
  }
  const body = res.data;
  if (!body || typeof body !== 'object' || body.status !== 200) {
    const text = (body && typeof body === 'object' && body.msg) || t('request.serverError');
    if (!cfg.quiet) showError(text);
    throw new ApiError(text, body?.status ?? res.status, body?.data);
  }
  return { data: body.data, msg: body.msg, headers: res.headers };
}

type Params = Record<string, unknown> | undefined;

/** Typed helpers returning the envelope's `data`. */
export const api = {
  get: async <T>(url: string, params?: Params, opts: CallOptions = {}) => (await call<T>({ ...opts, url, method: 'GET', params })).data,
  delete: async <T>(url: string, params?: Params, opts: CallOptions = {}) => (await call<T>({ ...opts, url, method: 'DELETE', params })).data,
  post: async <T>(url: string, body?: unknown, opts: CallOptions & { params?: Params } = {}) =>
    (await call<T>({ ...opts, url, method: 'POST', data: body })).data,
  put: async <T>(url: string, body?: unknown, opts: CallOptions & { params?: Params } = {}) =>
    (await call<T>({ ...opts, url, method: 'PUT', data: body })).data,
  /** Multipart upload of one file under `field` (plus extra fields). */
  upload: async <T>(url: string, file: Blob, field = 'file', extra: Record<string, string> = {}, opts: CallOptions = {}) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(extra)) fd.append(k, v);
    fd.append(field, file, (file as File).name ?? 'upload.png');
    return (await call<T>({ ...opts, url, method: 'POST', data: fd })).data;
  },
};

function filenameFrom(res: HttpResponse<unknown>, fallback: string) {
  const cd = String(res.headers['content-disposition'] ?? '');
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(cd);
  return m ? decodeURIComponent(m[1] ?? m[2]) : fallback;
}

/**
 * Downloads a file (GET, 5 minute timeout) and saves it. A JSON body instead of a file is an
 * error: its msg is shown, or 'Invalid file format' when it has none.
 */
export async function download(url: string, params?: Params, fallbackName = 'download') {
  toast('info', t('request.downloading'));
  let res: HttpResponse<Blob>;
  try {
    res = await http.get<Blob>(url, { params, responseType: 'blob', timeout: TIMING.downloadTimeoutMs });
  } catch (e) {
    if (!isHttpError(e)) throw e;
    if (e.response?.data instanceof Blob) e.response.data = (await blobEnvelope(e.response.data)) ?? {};
    failHttp(e);
  }
  const env = await blobEnvelope(res.data);
  if (env) {
    const text = env.msg || t('request.invalidFile');
    showError(text);
    throw new ApiError(text, 400);
  }
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = filenameFrom(res, fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  toast('success', t('request.downloaded'));
}
