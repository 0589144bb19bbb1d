/** Public entry of the problem feature: what other features may import (screens load through routes.tsx). */
export * from './api';
export { StatusMark } from './StatusMark';
export { DIFFICULTIES, DifficultyTag, difficultyLabel } from './difficulty';
export { ProblemWorkspace } from './ProblemWorkspace';
