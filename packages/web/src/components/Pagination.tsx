import { Pagination as AntPagination } from 'antd';
import { PAGE_SIZES } from '@verdict/shared';
import { useTranslation } from 'react-i18next';
import { useIsNarrow } from '../lib/hooks';

/**
 * Pagination with the spec's behaviour: size options 10/15/30/50/100, 5 pager buttons, hidden
 * when there is nothing to page, compact under 768 px.
 */
export function Pagination({ total, current, pageSize, onChange, showSizeChanger = true, sizes = PAGE_SIZES.options }: {
  total: number;
  current: number;
  pageSize: number;
  onChange: (page: number, size: number) => void;
  showSizeChanger?: boolean;
  sizes?: readonly number[];
}) {
  const narrow = useIsNarrow();
  const { t } = useTranslation();
  if (!total) return null;
  return (
    <div className="pagination-row">
      <AntPagination
        total={total}
        current={current}
        pageSize={pageSize}
        onChange={onChange}
        showSizeChanger={showSizeChanger && !narrow}
        pageSizeOptions={sizes.map(String)}
        showLessItems
        simple={narrow}
        size={narrow ? 'small' : 'default'}
        showTotal={narrow ? undefined : (n) => t('common.total', { n })}
      />
    </div>
  );
}
