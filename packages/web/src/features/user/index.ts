/** Public entry of the user feature: what other features may import (screens load through routes.tsx). */
export { invalidateUserHomeInfo } from './api';
