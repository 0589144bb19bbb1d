/** The eight editor themes of spec 01 §9, in the spec's order (the code of each: ./theme-loader.ts). */
export const THEME_NAMES: readonly string[] = ['monokai', 'solarized', 'material', 'idea', 'eclipse', 'base16_dark', 'cobalt', 'dracula'];
export const FONT_SIZES = [12, 14, 16, 18, 20] as const;
export const TAB_SIZES = [2, 4, 8] as const;

/** Editor settings of spec 01 §9 (defaults: solarized, 14 px, tab 4). */
export interface EditorSettings {
  theme: string;
  fontSize: number;
  tabSize: number;
}
export const DEFAULT_SETTINGS: EditorSettings = { theme: 'solarized', fontSize: 14, tabSize: 4 };
