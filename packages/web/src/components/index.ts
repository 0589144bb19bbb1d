import './a11y.css';
// Lazy: `renderMarkdown` and the eager component stay importable from './markdown/Markdown' itself.
export { Markdown } from './markdown/LazyMarkdown';
export { Pagination } from './Pagination';
export { StatusTag, STATUS_COLORS, statusName } from './StatusTag';
export { RoleBadge, NicknameTag } from './RoleBadge';
export { UserAvatar } from './UserAvatar';
export { CountdownButton } from './CountdownButton';
export { PageLoading, EmptyState } from './States';
export { LinkButton } from './LinkButton';
export { AcRateBar } from './AcRateBar';
