import { JUDGE_TOKEN_HEADER } from '@verdict/shared';

/** Thin HTTP client of the judge protocol (envelope {status, msg, data}). */
export class JudgeClient {
  constructor(private readonly server: string, private readonly token: string) {}

  private url(path: string): string {
    return `${this.server.replace(/\/+$/, '')}${path}`;
  }

  async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const res = await fetch(this.url(path), {
      method: 'POST', signal,
      headers: { 'content-type': 'application/json', [JUDGE_TOKEN_HEADER]: this.token },
      body: JSON.stringify(body),
    });
    return this.unwrap<T>(res, path);
  }

  async getJson<T>(path: string): Promise<T> {
    const res = await fetch(this.url(path), { headers: { [JUDGE_TOKEN_HEADER]: this.token } });
    return this.unwrap<T>(res, path);
  }

  async getBytes(path: string): Promise<Buffer> {
    const res = await fetch(this.url(path), { headers: { [JUDGE_TOKEN_HEADER]: this.token } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  private async unwrap<T>(res: Response, path: string): Promise<T> {
    const text = await res.text();
    let body: { status?: number; msg?: string; data?: T };
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${path}: HTTP ${res.status}, not JSON`);
    }
    if (!res.ok || (body.status !== undefined && body.status !== 200)) throw new Error(`${path}: ${body.status ?? res.status} ${body.msg ?? ''}`.trim());
    return body.data as T;
  }
}
