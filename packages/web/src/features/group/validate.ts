import { GROUP_LIMITS } from './limits';
import { GroupAuth } from './context';

/** Which rule of spec 03 §5 a group form or an application breaks (keys of group.check in locale.ts). */
export type GroupCheck =
  | 'nameRequired' | 'nameLength' | 'shortNameRequired' | 'shortNameLength' | 'briefRequired' | 'briefLength'
  | 'authRequired' | 'codeRequired' | 'codeLength' | 'descriptionRequired' | 'descriptionLength'
  | 'reasonRequired' | 'reasonLength';

const len = (s: string | null | undefined) => [...(s ?? '').trim()].length;
const within = (s: string, [min, max]: readonly [number, number]) => len(s) >= min && len(s) <= max;

export interface GroupFormValues { name: string; shortName: string; brief: string; auth: number | null; code: string; description: string; visible: boolean }

/** Every rule of the group form, in the form's order; returns the first broken one per field. */
export function checkGroupForm(f: GroupFormValues): Partial<Record<keyof GroupFormValues, GroupCheck>> {
  const out: Partial<Record<keyof GroupFormValues, GroupCheck>> = {};
  if (!len(f.name)) out.name = 'nameRequired';
  else if (!within(f.name, GROUP_LIMITS.name)) out.name = 'nameLength';
  if (!len(f.shortName)) out.shortName = 'shortNameRequired';
  else if (!within(f.shortName, GROUP_LIMITS.shortName)) out.shortName = 'shortNameLength';
  if (!len(f.brief)) out.brief = 'briefRequired';
  else if (!within(f.brief, GROUP_LIMITS.brief)) out.brief = 'briefLength';
  if (!f.auth) out.auth = 'authRequired';
  // The invitation code is asked only when the group is not public.
  if (f.auth && f.auth !== GroupAuth.PUBLIC) {
    if (!len(f.code)) out.code = 'codeRequired';
    else if (len(f.code) !== GROUP_LIMITS.code) out.code = 'codeLength';
  }
  if (!len(f.description)) out.description = 'descriptionRequired';
  else if (!within(f.description, GROUP_LIMITS.description)) out.description = 'descriptionLength';
  return out;
}

/** Application rules: private groups need the 6-character code; non-public groups a reason of 5 to 100. */
export function checkApply(groupAuth: number, code: string, reason: string): { code?: GroupCheck; reason?: GroupCheck } {
  const out: { code?: GroupCheck; reason?: GroupCheck } = {};
  if (groupAuth === GroupAuth.PRIVATE) {
    if (!len(code)) out.code = 'codeRequired';
    else if (len(code) !== GROUP_LIMITS.code) out.code = 'codeLength';
  }
  if (groupAuth !== GroupAuth.PUBLIC) {
    if (!len(reason)) out.reason = 'reasonRequired';
    else if (!within(reason, GROUP_LIMITS.reason)) out.reason = 'reasonLength';
  }
  return out;
}
