import type { LocaleBundle } from '../../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminTwoFactor: {
      require: '后台要求两步验证',
      requireDesc: '开启后，超级管理员、管理员和题目管理员必须先开启两步验证才能进入后台（请先为自己的账号开启）；每次切换都会被记录。',
      reset: '重置两步验证',
      resetConfirm: '确定重置 {{name}} 的两步验证吗？其密钥和恢复码将被删除，所有登录将被退出；此操作会被记录。',
      resetDone: '已重置 {{name}} 的两步验证',
      resetNone: '{{name}} 未开启两步验证（所有登录已退出）',
    },
  },
  'en-US': {
    adminTwoFactor: {
      require: 'Require two-factor login for the admin area',
      requireDesc: 'When on, super admins, admins and problem admins must turn on two-factor login before entering the admin area (turn yours on first); every change is recorded.',
      reset: 'Reset two-factor login',
      resetConfirm: 'Reset the two-factor login of {{name}}? Their key and recovery codes are deleted and every session of theirs ends; this is recorded.',
      resetDone: 'Two-factor login of {{name}} reset',
      resetNone: '{{name}} had no two-factor login (their sessions were ended)',
    },
  },
};
export default bundle;
