import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The global ranks side by side: ACM, OI and the contest rating ranking (issue 30). */
export function RankSwitch({ value }: { value: '/acm-rank' | '/oi-rank' | '/rating-rank' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Segmented<string> className="rank-switch" value={value} onChange={(v) => navigate(v)} data-testid="rank-switch"
      options={[{ value: '/acm-rank', label: 'ACM' }, { value: '/oi-rank', label: 'OI' }, { value: '/rating-rank', label: t('rank.ratingTab') }]} />
  );
}
