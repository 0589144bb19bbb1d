/** Public entry of the message feature: what other features may import (screens load through routes.tsx). */
export { unreadQuery } from './api';
