import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests: the site delivers over SMTP to it, and tests read the received
 * mails (subject and decoded text body) to pick up codes and links.
 */
export interface ReceivedMail { to: string[]; subject: string; text: string; raw: string }

export interface MailPeer {
  port: number;
  mails: ReceivedMail[];
  /** Waits for the next mail to `to` that arrives after `since` mails were received. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(header: string): string {
  return header.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')));
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain part of a message (nodemailer sends multipart/alternative when html is given). */
export function parseMail(raw: string): { subject: string; text: string } {
  const { headers, body } = splitHead(raw);
  // Whitespace between two encoded words is folding, not text (RFC 2047 §6.2).
  const subject = decodeWords((headers.subject ?? '').replace(/\?=\s+=\?/g, '?==?'));
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body) };
  for (const part of body.split(`--${boundary}`)) {
    const p = splitHead(part.replace(/^\r?\n/, ''));
    if ((p.headers['content-type'] ?? '').startsWith('text/plain')) return { subject, text: decodeBody(p.headers, p.body) };
  }
  return { subject, text: body };
}

export async function startMailPeer(port: number): Promise<MailPeer> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, cb) { cb(null, { user: 'test' }); },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, ...parseMail(raw) });
        for (const w of waiters.splice(0)) w();
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    mails,
    async waitFor(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = mails.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port of the 18300-18399 range, distinct per test file and per database run. */
export const mailPort = (offset: number) => 18300 + offset + (process.env.TEST_DB === 'postgres' ? 50 : 0);
