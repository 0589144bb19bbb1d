import type { ThemeConfig } from 'antd';
// The algorithm alone (antd's `theme` object would bring every algorithm and helper to the first page).
import darkAlgorithm from 'antd/es/theme/themes/dark';
import { theme } from '../app/theme';

/**
 * The dark theme (issue 32), in its own chunk (loaded by ./mode.ts when the dark theme is shown): antd's dark algorithm over the same seeds, with the surfaces of
 * styles.css's [data-theme=dark] variables. No one blue passes AA both as a fill under white text
 * and as text on the dark surfaces, so fills (primary buttons, checked boxes) keep a mid blue and
 * every blue that is text (links, selected menu and tab items, active page numbers) is a light one.
 */
const DARK_LINK = '#8fb0ff';
export const darkTheme: ThemeConfig = {
  algorithm: darkAlgorithm,
  token: {
    ...theme.token,
    colorPrimary: '#3366e6',
    colorInfo: '#3366e6',
    colorError: '#e5484d',
    colorBgBase: '#0f1217',
    colorBgLayout: '#0f1217',
    colorBgContainer: '#181c23',
    colorBgElevated: '#20252e',
    colorBorder: '#3a404c',
    colorBorderSecondary: '#2a2f38',
    colorTextBase: '#e6e9ef',
    colorTextTertiary: 'rgba(230, 233, 239, 0.7)',
    colorTextPlaceholder: 'rgba(230, 233, 239, 0.62)',
    colorTextDisabled: 'rgba(230, 233, 239, 0.45)',
    colorLink: DARK_LINK,
    colorLinkHover: '#b3caff',
    colorLinkActive: '#6f95f5',
    colorPrimaryText: DARK_LINK,
    colorPrimaryTextHover: '#b3caff',
    colorErrorText: '#ff8a8d',
    colorSuccessText: '#5fd394',
    colorWarningText: '#f5c24b',
  },
  components: {
    Layout: { headerBg: '#181c23', headerHeight: 60, headerPadding: '0 24px', bodyBg: '#0f1217', footerBg: '#181c23', siderBg: '#12151b', triggerBg: '#20252e' },
    Menu: { horizontalItemSelectedColor: DARK_LINK, itemSelectedColor: DARK_LINK, subMenuItemSelectedColor: DARK_LINK, itemBg: 'transparent', darkItemBg: '#12151b', darkSubMenuItemBg: '#0f1217', darkItemSelectedBg: '#2a4aa8' },
    Card: { headerFontSize: 16 },
    Tabs: { itemSelectedColor: DARK_LINK, itemActiveColor: DARK_LINK, itemHoverColor: '#b3caff', inkBarColor: DARK_LINK },
    Pagination: { itemActiveColor: DARK_LINK, itemActiveColorHover: '#b3caff' },
  },
};
