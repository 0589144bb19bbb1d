import type { FormRule } from 'antd';
import { LIMITS } from '@verdict/shared';
import { msg } from '../../i18n';
import { checkUsernameOrEmail } from './api';

/**
 * Form rules of spec 01 §5, worded by the shared MSG catalogue. Built per render so they follow
 * the current language.
 */
export const usernameRules = (): FormRule[] => [
  { required: true, whitespace: true, message: msg('usernameRequired') },
  { max: LIMITS.usernameMax, message: msg('usernameMax') },
];

export const passwordRules = (): FormRule[] => [
  { required: true, message: msg('passwordRequired') },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: msg('passwordLength') },
];

/** "Password again": required and equal to the `password` field (re-checked when that changes). */
export const passwordAgainRules = (field = 'password'): FormRule[] => [
  { required: true, message: msg('passwordAgainRequired') },
  ({ getFieldValue }) => ({
    validator: (_, v) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(msg('passwordsDoNotMatch')))),
  }),
];

export const emailRules = (): FormRule[] => [
  { required: true, whitespace: true, message: msg('emailRequired') },
  { type: 'email', message: msg('emailInvalid') },
];

export const emailCodeRules = (): FormRule[] => [
  { required: true, whitespace: true, message: msg('codeRequired') },
  { len: LIMITS.emailCodeLength, message: msg('codeLength') },
];

export const captchaRules = (): FormRule[] => [
  { required: true, whitespace: true, message: msg('captchaRequired') },
  { min: LIMITS.captchaMin, max: LIMITS.captchaMax, message: msg('captchaLength') },
];

/** Asks the server whether a username or email is taken; `wantTaken` says which answer is valid. */
export function existenceRule(kind: 'username' | 'email', wantTaken: boolean): FormRule {
  const errorKey = kind === 'username' ? (wantTaken ? 'usernameNotExist' : 'usernameExists') : wantTaken ? 'emailNotExist' : 'emailExists';
  return {
    validator: async (_, v: string | undefined) => {
      const value = v?.trim();
      if (!value) return;
      if (kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return;
      let taken: boolean;
      try {
        taken = (await checkUsernameOrEmail({ [kind]: value }))[kind];
      } catch {
        return; // the server decides on submit when the check itself failed
      }
      if (taken !== wantTaken) throw new Error(msg(errorKey));
    },
  };
}
