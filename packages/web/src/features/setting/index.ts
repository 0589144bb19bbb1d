/** Public entry of the setting feature: what other features may import (screens load through routes.tsx). */
export { avatarProblem, cropToPng } from './crop-image';
