import { MSG, type MsgKey } from '@verdict/shared';

/**
 * An error the client should see. `message` is either a key of the shared message
 * catalogue (translated per request) or literal text.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: MsgKey | (string & {}),
    public readonly vars: Record<string, string | number> = {},
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const isMsgKey = (s: string): s is MsgKey => Object.prototype.hasOwnProperty.call(MSG, s);

export const badRequest = (m: MsgKey | (string & {}), vars?: Record<string, string | number>) => new AppError(400, m, vars);
export const unauthorized = (m: MsgKey | (string & {}) = 'loginFirst') => new AppError(401, m);
export const forbidden = (m: MsgKey | (string & {}) = 'forbidden') => new AppError(403, m);
export const notFound = (m: MsgKey | (string & {}) = 'notFound') => new AppError(404, m);
