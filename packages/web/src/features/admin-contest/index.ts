/** Public entry of the admin-contest feature: what other features may import (screens load through routes.tsx). */
export { adminContestApi, contestFormWire } from './api';
export type { ContestFormScope } from './ContestForm';
export { DownloadAcDialog } from './DownloadAcDialog';
export type { PlagiarismMount } from './plagiarism/paths';
