/** Public entry of the admin-training feature: what other features may import (screens load through routes.tsx). */
export type { TrainingFormScope } from './TrainingForm';
