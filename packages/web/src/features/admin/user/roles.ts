import { ALL_ROLE_CODES, Role } from '@verdict/shared';

/** Every role code with its i18n key (spec 01 §3), in code order. */
export const ROLE_OPTIONS = [...ALL_ROLE_CODES].sort((a, b) => a - b).map((code) => ({ code, key: `admin.user.role.${code}` }));

export const roleColor = (code: number) =>
  code === Role.ROOT ? 'red' : code === Role.ADMIN ? 'blue' : code === Role.PROBLEM_ADMIN ? 'purple' : code === Role.DEFAULT_USER ? 'default' : 'orange';
