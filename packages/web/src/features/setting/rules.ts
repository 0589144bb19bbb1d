import type { FormRule } from 'antd';
import i18n from '../../i18n';

// The spec 01 §5 rules live once, in the account feature.
export { passwordRules, emailRules, emailCodeRules as codeRules, passwordAgainRules as confirmRules } from '../account';

export const maxRule = (max: number): FormRule => ({ max, message: i18n.t('setting.tooLong', { n: max }) });

/** Email address check used before asking for a code. */
export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());
