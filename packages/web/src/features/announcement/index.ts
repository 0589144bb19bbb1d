/** Public entry of the announcement feature: what other features may import (screens load through routes.tsx). */
export { AnnouncementPanel } from './AnnouncementPanel';
export type { AnnouncementSource } from './api';
