import type { ThemeConfig } from 'antd';

export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Micro Hei", "Helvetica Neue", Arial, sans-serif';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2f6bff',
    colorInfo: '#2f6bff',
    colorSuccess: '#19a05c',
    colorWarning: '#e8a317',
    colorError: '#e5484d',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
    colorBgLayout: '#f4f6fa',
    colorTextBase: '#1f2937',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', bodyBg: '#f4f6fa', footerBg: '#ffffff' },
    Menu: { horizontalItemSelectedColor: '#2f6bff', itemBg: 'transparent' },
    Card: { headerFontSize: 16 },
  },
};
