/** Public entry of the comment feature: what other features may import (screens load through routes.tsx). */
export { CommentArea } from './CommentArea';
