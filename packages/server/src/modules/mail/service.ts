import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';

export interface MailMessage { to: string; subject: string; text: string; html?: string }
export interface SmtpSettings { host: string; port: number; secure: boolean; user: string; pass: string; from: string }
export interface MailStatus { configured: boolean; source: 'admin' | 'env' | 'none' }

export interface MailService {
  /**
   * Sends a mail. Without SMTP settings the mail is written to the server log (warn) instead
   * and `delivered` is false, so a site without mail still lets people register.
   */
  send(m: MailMessage): Promise<{ delivered: boolean }>;
  /** Sends over the current settings and reports SMTP errors instead of hiding them (admin test mail). */
  sendOrThrow(m: MailMessage): Promise<void>;
  status(): Promise<MailStatus>;
}

declare module '../../context.js' {
  interface Services { mail: MailService }
}

export function createMailService(ctx: AppContext): MailService {
  let cached: { key: string; transport: Transporter } | null = null;

  /** Settings saved in the admin area win over the SMTP_* environment. */
  async function settings(): Promise<{ smtp: SmtpSettings | null; source: MailStatus['source'] }> {
    const stored = await ctx.services.siteConfig.get('email');
    if (stored.emailHost) {
      return { source: 'admin', smtp: { host: stored.emailHost, port: stored.emailPort, secure: stored.emailSsl, user: stored.emailUsername, pass: stored.emailPassword, from: stored.from || stored.emailUsername } };
    }
    const env = ctx.config.smtp;
    if (env?.host) return { source: 'env', smtp: { host: env.host, port: env.port, secure: env.secure, user: env.user, pass: env.pass, from: env.from } };
    return { source: 'none', smtp: null };
  }

  function transportFor(s: SmtpSettings): Transporter {
    const key = JSON.stringify(s);
    if (cached?.key !== key) {
      cached?.transport.close();
      cached = {
        key,
        transport: nodemailer.createTransport({
          host: s.host, port: s.port, secure: s.secure,
          auth: s.user ? { user: s.user, pass: s.pass } : undefined,
          connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000,
        }),
      };
    }
    return cached.transport;
  }

  async function deliver(s: SmtpSettings, m: MailMessage) {
    await transportFor(s).sendMail({ from: s.from || s.user || 'verdict@localhost', to: m.to, subject: m.subject, text: m.text, html: m.html });
  }

  return {
    async send(m) {
      const { smtp } = await settings();
      if (!smtp) {
        ctx.log.warn({ to: m.to, subject: m.subject }, `mail not configured; mail written to the log instead:\n${m.text}`);
        return { delivered: false };
      }
      try {
        await deliver(smtp, m);
        return { delivered: true };
      } catch (err) {
        ctx.log.error({ err, to: m.to }, 'mail could not be sent');
        throw new AppError(503, 'mailSendFailed');
      }
    },
    async sendOrThrow(m) {
      const { smtp } = await settings();
      if (!smtp) throw new AppError(400, 'mailNotConfiguredAdmin');
      try {
        await deliver(smtp, m);
      } catch (err) {
        // The admin needs the SMTP error itself to fix the settings.
        throw new AppError(400, 'mailTestFailed', { error: `${(err as Error).message}`.slice(0, 300) });
      }
    },
    async status() {
      const { smtp, source } = await settings();
      return { configured: smtp !== null, source };
    },
  };
}
