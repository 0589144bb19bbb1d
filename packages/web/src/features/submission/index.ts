/** Public entry of the submission feature: what other features may import (screens load through routes.tsx). */
export * from './api';
export { formatLength, formatMemory, formatTime } from './format';
export { judgeProgressText } from './progress';
export { SubmissionList } from './SubmissionList';
export { SubmissionDetail } from './SubmissionDetail';
