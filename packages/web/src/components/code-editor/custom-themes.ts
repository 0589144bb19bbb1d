import { tags as t } from '@lezer/highlight';
import { createTheme } from '@uiw/codemirror-themes';

// The three themes of spec 01 §9 that have no ready-made CodeMirror 6 package, with the palettes
// of their CodeMirror 5 originals. Loaded (together, they are small) when one of them is chosen.
export const idea = createTheme({
  theme: 'light',
  settings: { background: '#ffffff', foreground: '#000000', caret: '#000000', selection: '#b5d5ff', lineHighlight: '#fffae3', gutterBackground: '#f7f7f7', gutterForeground: '#999999' },
  styles: [
    { tag: [t.keyword, t.modifier, t.controlKeyword], color: '#000080', fontWeight: 'bold' },
    { tag: [t.string, t.special(t.string)], color: '#008000', fontWeight: 'bold' },
    { tag: [t.number, t.bool, t.null], color: '#0000ff' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#808080', fontStyle: 'italic' },
    { tag: [t.processingInstruction, t.meta], color: '#808000' },
    { tag: [t.typeName, t.className], color: '#000000', fontWeight: 'bold' },
    { tag: [t.propertyName], color: '#660e7a' },
  ],
});

export const base16Dark = createTheme({
  theme: 'dark',
  settings: { background: '#151515', foreground: '#e0e0e0', caret: '#b0b0b0', selection: '#303030', lineHighlight: '#202020', gutterBackground: '#151515', gutterForeground: '#505050' },
  styles: [
    { tag: [t.keyword, t.controlKeyword, t.modifier], color: '#aa759f' },
    { tag: [t.string, t.special(t.string)], color: '#90a959' },
    { tag: [t.number, t.bool, t.null], color: '#d28445' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#8f5536' },
    { tag: [t.variableName], color: '#ac4142' },
    { tag: [t.definition(t.variableName), t.function(t.variableName)], color: '#6a9fb5' },
    { tag: [t.typeName, t.className], color: '#f4bf75' },
    { tag: [t.processingInstruction, t.meta], color: '#75b5aa' },
  ],
});

export const cobalt = createTheme({
  theme: 'dark',
  settings: { background: '#002240', foreground: '#ffffff', caret: '#ffffff', selection: '#b36539', lineHighlight: '#00284a', gutterBackground: '#002240', gutterForeground: '#d0d0d0', gutterBorder: '#aaaaaa' },
  styles: [
    { tag: [t.keyword, t.controlKeyword, t.modifier], color: '#ffee80' },
    { tag: [t.string, t.special(t.string)], color: '#3ad900' },
    { tag: [t.number, t.bool, t.null], color: '#ff80e1' },
    { tag: [t.comment, t.lineComment, t.blockComment], color: '#0088ff' },
    { tag: [t.variableName, t.propertyName], color: '#9effff' },
    { tag: [t.typeName, t.className], color: '#ff9d00' },
    { tag: [t.processingInstruction, t.meta], color: '#ff9d00' },
  ],
});
