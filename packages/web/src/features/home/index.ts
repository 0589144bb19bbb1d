/** Public entry of the home feature: what other features may import (screens load through routes.tsx). */
export { getCarousel } from './api';
