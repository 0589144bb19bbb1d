import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CodeMirror from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { DEFAULT_THEME, editorThemeFor, editorThemeNow, loadEditorTheme } from './theme-loader';
import { useDarkTheme } from '../../theme/mode';
import { loadLanguageMode } from './language-modes';
import { DEFAULT_SETTINGS, type EditorSettings } from './themes';

/** CodeMirror 6 with the judge language's syntax mode and the user's theme, font and tab size. */
export function CodeEditor({ value, onChange, language, contentType, settings = DEFAULT_SETTINGS, height = '550px', readOnly = false, testId }: {
  value: string;
  onChange?: (v: string) => void;
  language: string;
  contentType?: string;
  settings?: EditorSettings;
  height?: string;
  readOnly?: boolean;
  testId?: string;
}) {
  // The language's parser arrives in its own chunk; the text shows at once and is highlighted when it lands.
  const [mode, setMode] = useState<Extension | null>(null);
  useEffect(() => {
    let live = true;
    setMode(null);
    void loadLanguageMode(language, contentType).then((m) => {
      if (live) setMode(m);
    });
    return () => {
      live = false;
    };
  }, [language, contentType]);
  // A theme other than the default arrives in its own chunk the first time it is used; the theme
  // shown so far (the default on a first render) stays until it is here.
  // The default theme (solarized) follows the site's dark theme (issue 32); any other chosen theme wins.
  const themeName = editorThemeFor(settings.theme, useDarkTheme());
  const [theme, setTheme] = useState<Extension>(() => editorThemeNow(themeName) ?? DEFAULT_THEME);
  useEffect(() => {
    let live = true;
    void loadEditorTheme(themeName).then((th) => {
      if (live) setTheme(th);
    });
    return () => {
      live = false;
    };
  }, [themeName]);
  const { t } = useTranslation();
  const label = t('editor.code');
  const extensions = useMemo(() => {
    const ext = [
      // The editable area is a textbox for screen readers: it needs a name (axe aria-input-field-name).
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorState.tabSize.of(settings.tabSize),
      indentUnit.of(' '.repeat(settings.tabSize)),
      EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` }, '.cm-scroller': { fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace' } }),
    ];
    if (mode) ext.push(mode);
    return ext;
  }, [mode, settings.tabSize, settings.fontSize, label]);
  return (
    <div className="code-editor" data-testid={testId}>
      <CodeMirror
        value={value}
        onChange={onChange}
        height={height}
        theme={theme}
        extensions={extensions}
        readOnly={readOnly}
        editable={!readOnly}
        basicSetup={{ tabSize: settings.tabSize, highlightActiveLine: !readOnly }}
      />
    </div>
  );
}
