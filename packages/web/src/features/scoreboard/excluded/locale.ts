import type { LocaleBundle } from '../../../i18n';

// The rank's mark of a row taken out of the rank by a plagiarism decision (issue 31).
const bundle: LocaleBundle = {
  'zh-CN': { rankExcluded: { mark: '取消排名', reason: '原因' } },
  'en-US': { rankExcluded: { mark: 'Excluded', reason: 'Reason' } },
};
export default bundle;
