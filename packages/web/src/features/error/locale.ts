import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': { notFound: { text: '抱歉，找不到该页面', goHome: '回到首页', back: '返回' } },
  'en-US': { notFound: { text: "Sorry, the page can't be found", goHome: 'Go Home', back: 'Back' } },
};
export default bundle;
