/** Public entry of the training feature: what other features may import (screens load through routes.tsx). */
export { CategoryTag, TrainingAuthTag } from './TrainingTags';
export { TrainingView } from './TrainingShell';
export { UserRankAndTrainings } from './UserTrainings';
