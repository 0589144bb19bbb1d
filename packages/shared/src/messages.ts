/**
 * Messages shown to users, in both languages. The server answers in the language of the
 * request's Accept-Language header (the client sends its UI language); the client uses the
 * same catalogue for its own validation so the wording is written once.
 */
import { CONTEST_MSG } from './messages/contest.js';
import { PROBLEM_MSG } from './messages/problem.js';
import { JUDGE_MSG } from './messages/judge.js';
import { ADMIN_MSG } from './messages/admin.js';
import { TRAINING_MSG } from './messages/training.js';
import { FORUM_MSG } from './messages/forum.js';
import { GROUP_MSG } from './messages/group.js';
import { REMOTE_JUDGE_MSG } from './messages/remote-judge.js';
import { TRANSFER_MSG } from './messages/transfer.js';
import { PACKAGE_MSG } from './messages/package.js';
import { BACKUP_MSG } from './messages/backup.js';
import { PRINT_SET_MSG } from './messages/print-set.js';
import { PLAGIARISM_MSG } from './messages/plagiarism.js';
import { RATING_MSG } from './messages/rating.js';
import { TWO_FACTOR_MSG } from './messages/two-factor.js';
import type { Locale, Msg } from './messages/types.js';
import { CORE_MSG } from './messages/core.js';
import { SUBMISSION_MSG } from './messages/submission.js';

export type { Locale, Msg } from './messages/types.js';
export { formatMsg } from './messages/types.js';
export { CORE_MSG, type CoreMsgKey } from './messages/core.js';

export const MSG = {
  ...CORE_MSG,
  ...SUBMISSION_MSG,
  ...CONTEST_MSG,
  ...PROBLEM_MSG,
  ...JUDGE_MSG,
  ...ADMIN_MSG,
  ...TRAINING_MSG,
  ...FORUM_MSG,
  ...GROUP_MSG,
  ...REMOTE_JUDGE_MSG,
  ...TRANSFER_MSG,
  ...PACKAGE_MSG,
  ...BACKUP_MSG,
  ...PRINT_SET_MSG,
  ...PLAGIARISM_MSG,
  ...RATING_MSG,
  ...TWO_FACTOR_MSG,
} as const satisfies Record<string, Msg>;
export type MsgKey = keyof typeof MSG;


export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'zh-CN';
  return /^\s*en/i.test(acceptLanguage) ? 'en-US' : 'zh-CN';
}
