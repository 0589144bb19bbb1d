/** Public entry of the contest feature: what other features may import (screens load through routes.tsx). */
export * from './api';
export { clock, formatDuration } from './format';
export { ContestAuthTag, ContestRuleTag, ContestStatusTag } from './status';
export { useServerClock } from './useServerClock';
export { useContest } from './context';
