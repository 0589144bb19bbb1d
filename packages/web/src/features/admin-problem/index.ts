/** Public entry of the admin-problem feature: what other features may import (screens load through routes.tsx). */
export { adminProblemApi, type AdminProblemView, type ContestProblemPlace } from './api';
export type { ProblemFormScope } from './form/scope';
export { default as ProblemForm } from './form/ProblemForm';
