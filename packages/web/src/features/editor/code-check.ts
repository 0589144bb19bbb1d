import { submissionCode, type MsgKey } from '@verdict/shared';

/**
 * The shared rule for submitted code (empty, too long), as the message key of the first problem or
 * null. Its own chunk (with zod), loaded at the first submission rather than with the problem page.
 */
export function checkCode(code: string): MsgKey | null {
  const check = submissionCode.safeParse(code);
  return check.success ? null : (check.error.issues[0].message as MsgKey);
}
