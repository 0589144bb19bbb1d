import type { LocaleBundle } from '../../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    twoFactor: {
      title: '两步验证',
      prompt: '该账号已开启两步验证，请输入身份验证器应用中的6位验证码。',
      promptRecovery: '请输入一个未使用过的恢复码（每个恢复码只能使用一次）。',
      code: '6位验证码',
      recoveryCode: '恢复码（xxxxx-xxxxx）',
      useRecovery: '无法使用验证器？使用恢复码',
      useCode: '使用验证器中的验证码',
      codeRule: '请输入6位数字验证码',
      recoveryRule: '请输入恢复码',
    },
  },
  'en-US': {
    twoFactor: {
      title: 'Two-factor login',
      prompt: 'This account uses two-factor login: enter the 6-digit code from your authenticator app.',
      promptRecovery: 'Enter one of your unused recovery codes (each works once).',
      code: '6-digit code',
      recoveryCode: 'Recovery code (xxxxx-xxxxx)',
      useRecovery: 'No authenticator at hand? Use a recovery code',
      useCode: 'Use the code from the authenticator app',
      codeRule: 'Enter the 6-digit code',
      recoveryRule: 'Enter a recovery code',
    },
  },
};
export default bundle;
