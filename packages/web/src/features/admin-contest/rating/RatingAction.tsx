import { Button, Tooltip } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The contest list's "Compute ratings" action of a rated contest: opens its ratings page. */
export function RatingAction({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tooltip title={t('adminRating.action')}>
      <Button aria-label={t('adminRating.action')} size="small" icon={<LineChartOutlined />} onClick={() => navigate(`/admin/contest/${cid}/rating`)} data-testid={`rating-${cid}`} />
    </Tooltip>
  );
}
