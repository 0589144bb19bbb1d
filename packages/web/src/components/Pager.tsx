import { useTranslation } from 'react-i18next';

/**
 * A small pager (previous, at most five page numbers, next) for short lists that never change
 * their page size, such as the home page's announcements. It needs none of antd's Pagination,
 * which always brings the page-size Select and Input along.
 */
export function Pager({ total, current, pageSize, onChange }: { total: number; current: number; pageSize: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const first = Math.max(1, Math.min(current - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_v, i) => first + i);
  return (
    <nav className="pager" aria-label={t('common.pages')}>
      <button type="button" className="pager-item" disabled={current <= 1} onClick={() => onChange(current - 1)} aria-label={t('common.prevPage')}>‹</button>
      {numbers.map((n) => (
        <button key={n} type="button" className={`pager-item${n === current ? ' pager-item-active' : ''}`} aria-current={n === current ? 'page' : undefined}
          aria-label={t('common.page', { n })} onClick={() => onChange(n)}>{n}</button>
      ))}
      <button type="button" className="pager-item" disabled={current >= pages} onClick={() => onChange(current + 1)} aria-label={t('common.nextPage')}>›</button>
    </nav>
  );
}
