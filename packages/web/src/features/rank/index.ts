/** Public entry of the rank feature: what other features may import (screens load through routes.tsx). */
export { ratingColor, useRatingColors } from './rating-color';
