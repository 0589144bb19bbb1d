import { describe, expect, it } from 'vitest';
import { editorThemeFor } from '../src/components/code-editor/theme-loader';

// Issue 32: the editor's default theme follows the site's dark theme; a theme the user chose wins.
describe('editor theme in the dark site theme', () => {
  it('turns the default (solarized) to solarized dark, and only in the dark theme', () => {
    expect(editorThemeFor('solarized', true)).toBe('solarized_dark');
    expect(editorThemeFor('solarized', false)).toBe('solarized');
  });
  it("keeps any other chosen theme, light ones included, as it is", () => {
    for (const name of ['monokai', 'material', 'idea', 'eclipse', 'base16_dark', 'cobalt', 'dracula']) {
      expect(editorThemeFor(name, true)).toBe(name);
      expect(editorThemeFor(name, false)).toBe(name);
    }
  });
  it('shows the dark default for an unknown stored name in the dark theme', () => {
    expect(editorThemeFor('no-such-theme', true)).toBe('solarized_dark');
  });
});
