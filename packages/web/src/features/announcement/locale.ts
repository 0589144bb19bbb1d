import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': { announcement: { title: '公告', empty: '暂无公告', back: '返回', refresh: '刷新', by: '发布者', postedAt: '发布时间' } },
  'en-US': { announcement: { title: 'Announcements', empty: 'No announcements', back: 'Back', refresh: 'Refresh', by: 'By', postedAt: 'Posted' } },
};
export default bundle;
