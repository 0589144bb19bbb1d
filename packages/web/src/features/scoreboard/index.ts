/** Public entry of the scoreboard feature: what other features may import (screens load through routes.tsx). */
export { Scoreboard } from './Scoreboard';
