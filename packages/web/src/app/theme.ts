import type { ThemeConfig } from 'antd';

export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Micro Hei", "Helvetica Neue", Arial, sans-serif';

export const theme: ThemeConfig = {
  token: {
    // Darker than the first #2f6bff: white text on it and it on white pass WCAG AA (4.5:1, axe).
    colorPrimary: '#2557e0',
    colorInfo: '#2557e0',
    colorSuccess: '#19a05c',
    colorWarning: '#e8a317',
    // #e5484d was 3.9:1 on white (red button text, axe); this one is 4.8:1.
    colorError: '#d92d34',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
    colorBgLayout: '#f4f6fa',
    colorTextBase: '#1f2937',
    // Labels and hints (antd's 45 % grey is under 4.5:1 on white).
    colorTextTertiary: 'rgba(31, 41, 55, 0.7)',
    // Placeholders too (antd's default is 1.6:1 on white: axe flags a select's placeholder as text).
    colorTextPlaceholder: 'rgba(31, 41, 55, 0.68)',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', bodyBg: '#f4f6fa', footerBg: '#ffffff' },
    Menu: { horizontalItemSelectedColor: '#2557e0', itemBg: 'transparent' },
    Card: { headerFontSize: 16 },
  },
};
