import { z } from 'zod';
import { vo } from './common.js';

/**
 * Two-factor login (TOTP, RFC 6238) and a user's own sessions (issue 33): Verdict's own calls,
 * not HOJ's. HOJ's client never sends `totp` or `recoveryCode`, and its login answer is unchanged
 * for accounts without a second factor.
 */
export const TWO_FACTOR = { digits: 6, periodSeconds: 30, recoveryCodes: 10 } as const;

/** A code from the authenticator app: 6 digits (spaces typed between groups are dropped). */
export const totpCode = z.string({ error: 'twoFactorCodeFormat' }).transform((s) => s.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{6}$/, 'twoFactorCodeFormat'));
/** A recovery code as shown (xxxxx-xxxxx); case, spaces and dashes do not matter. */
export const recoveryCode = z.string({ error: 'twoFactorRecoveryFormat' }).max(40, 'twoFactorRecoveryFormat')
  .transform((s) => s.replace(/[\s-]+/g, '').toLowerCase()).pipe(z.string().regex(/^[a-z0-9]{10}$/, 'twoFactorRecoveryFormat'));

/** The second factor a login (and turning it off) may carry: one of the two. */
export const secondFactorFields = { totp: totpCode.optional().nullable(), recoveryCode: recoveryCode.optional().nullable() };

/** The login answer's `data` when the password was right but the account needs a code (status 400). */
export const twoFactorRequiredData = vo({ twoFactorRequired: z.literal(true) });
/** The admin area's refusal (403) while the site requires a second factor the caller has not set up. */
export const twoFactorEnrolData = vo({ twoFactorEnrolRequired: z.literal(true) });

/** A re-check of the caller's current password (any stored password, so only presence and a sane length). */
const password = z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(200, 'passwordLength');

export const twoFactorSetupBody = z.object({ password });
export const twoFactorSetupVo = vo({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qrDataUrl: z.string(),
});
export type TwoFactorSetupVo = z.infer<typeof twoFactorSetupVo>;

export const twoFactorEnableBody = z.object({ code: totpCode });
/** Shown once: only their hashes are kept. */
export const twoFactorEnableVo = vo({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableVo = z.infer<typeof twoFactorEnableVo>;

export const twoFactorDisableBody = z.object({ password, ...secondFactorFields });

export const twoFactorStatusVo = vo({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 while off). */
  recoveryCodesLeft: z.number().int(),
  /** The site requires a second factor of the caller's role (an admin-area role, with the super admin's switch on). */
  required: z.boolean(),
  enabledAt: z.number().int().nullable(),
});
export type TwoFactorStatusVo = z.infer<typeof twoFactorStatusVo>;

/** admin/user/reset-two-factor: the super admin turns a user's second factor off (a lost phone). */
export const adminResetTwoFactorBody = z.object({ uid: z.number().int().positive().max(2 ** 31 - 1) });
export const twoFactorResetVo = vo({ hadTwoFactor: z.boolean() });

/** One live login of the caller (refreshed tokens of one login are one session). */
export const sessionVo = vo({
  /** Opaque: not the token's id. */
  id: z.string(),
  /** Browser and system read from the user agent, e.g. "Chrome 131 · Windows". */
  device: z.string(),
  mobile: z.boolean(),
  userAgent: z.string(),
  ip: z.string().nullable(),
  /** Epoch milliseconds. */
  startedAt: z.number().int(),
  lastSeenAt: z.number().int(),
  current: z.boolean(),
  adminLogin: z.boolean(),
});
export type SessionVo = z.infer<typeof sessionVo>;
export const sessionListVo = z.array(sessionVo);
export const signOutSessionBody = z.object({ id: z.string().min(1).max(64) });
export const signedOutVo = vo({ signedOut: z.number().int() });
export type SignedOutVo = z.infer<typeof signedOutVo>;
