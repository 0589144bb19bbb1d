import { Button } from 'antd';
import { BarChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { weekStatsForcedQuery, weekStatsQuery } from './api';
import { useIsNarrow } from '../../lib/hooks';
import { Panel } from '../../components/Panel';
import { WeekChart } from './WeekChart';

/** Accepted and total submissions per day over the last seven days. */
export function WeekSubmissionChart() {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const q = useQuery(weekStatsQuery());
  const refresh = useQuery({ ...weekStatsForcedQuery(), enabled: false });
  const data = refresh.data ?? q.data;
  return (
    <Panel
      title={
        <span>
          <BarChartOutlined style={{ color: '#2557e0', marginRight: 8 }} />
          {t('home.weekStats')}
        </span>
      }
      extra={<Button size="small" type="text" icon={<ReloadOutlined />} loading={refresh.isFetching} onClick={() => void refresh.refetch()} aria-label={t('common.refresh')} />}
      testId="week-chart"
    >
      <WeekChart days={(data?.dateStrList ?? []).map((d) => d.slice(5))} total={data?.totalCountList ?? []} accepted={data?.acCountList ?? []} height={narrow ? 220 : 300} />
    </Panel>
  );
}
