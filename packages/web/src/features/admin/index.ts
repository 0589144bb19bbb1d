/** Public entry of the admin feature: what other features may import (screens load through routes.tsx). */
export { adminMenu, type AdminMenuItem } from './menu';
export { MarkdownField } from './common/MarkdownField';
export { TitleContentDialog, type TitleContentValues } from './common/TitleContentDialog';
