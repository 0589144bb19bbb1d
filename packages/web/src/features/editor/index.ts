/** Public entry of the editor feature: what other features may import (screens load through routes.tsx). */
export { EditorPanel, type EditorPanelProps, type ProblemView } from './EditorPanel';
