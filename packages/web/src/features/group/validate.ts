import { validateGroupApply, validateGroupForm, type MsgKey } from '@verdict/shared';
import { msg } from '../../i18n/messages';

export interface GroupFormValues { name: string; shortName: string; brief: string; auth: number | null; code: string; description: string; visible: boolean }
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Which field a message of the shared group rules belongs to (to show it under that field). */
const FIELD_OF: [RegExp, keyof GroupFormValues | 'reason'][] = [
  [/^groupName/, 'name'], [/^groupShortName/, 'shortName'], [/^groupBrief/, 'brief'], [/^groupAuth/, 'auth'],
  [/^groupCode/, 'code'], [/^groupDescription/, 'description'], [/^groupReason/, 'reason'],
];
const fieldOf = (key: MsgKey) => FIELD_OF.find(([re]) => re.test(key))?.[1];

/** Spec 03 §5 group form through the shared rules (the server runs the same); the first broken one, by field. */
export function checkGroupForm(f: GroupFormValues): { first: string | null; errors: FieldErrors<keyof GroupFormValues> } {
  const key = validateGroupForm({ ...f, auth: f.auth ?? undefined });
  if (!key) return { first: null, errors: {} };
  const text = msg(key);
  const field = fieldOf(key);
  return { first: text, errors: field && field !== 'reason' ? { [field]: text } : {} };
}

/** Application rules: private groups need the 6-character code; non-public groups a reason of 5 to 100. */
export function checkApply(groupAuth: number, code: string, reason: string): { first: string | null; errors: FieldErrors<'code' | 'reason'> } {
  const key = validateGroupApply(groupAuth, code.trim(), reason.trim());
  if (!key) return { first: null, errors: {} };
  const text = msg(key);
  const field = fieldOf(key);
  return { first: text, errors: field === 'code' || field === 'reason' ? { [field]: text } : {} };
}
