/** Public entry of the discussion feature: what other features may import (screens load through routes.tsx). */
export * from './api';
export { DiscussionDialog } from './DiscussionDialog';
export { categoryLabel } from './category-name';
