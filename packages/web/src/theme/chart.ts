import { useDarkTheme } from './mode';

/**
 * The ECharts theme for a chart (issue 32): ECharts' built-in 'dark' (registered by echarts/core,
 * no extra code) in the site's dark theme, else the default. Charts also set backgroundColor
 * 'transparent' in their option so they sit on the card's own surface. echarts-for-react builds the
 * chart again when the theme changes.
 */
export function useChartTheme(): 'dark' | undefined {
  return useDarkTheme() ? 'dark' : undefined;
}
