import { Tag, Tooltip } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The "Virtual" mark: on the list's ended contests, the runner's contest header and virtual rank rows. */
export function VirtualMark({ tip, testId = 'virtual-mark' }: { tip?: string; testId?: string }) {
  const { t } = useTranslation();
  const tag = <Tag color="purple" icon={<HistoryOutlined />} className="virtual-mark" data-testid={testId}>{t('virtual.mark')}</Tag>;
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}
