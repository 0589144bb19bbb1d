import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  return (
    <div className="state-center">
      <Spin size="large" />
    </div>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('common.noData')} />;
}
