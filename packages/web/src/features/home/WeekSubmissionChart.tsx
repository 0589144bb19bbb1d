import { lazy, useMemo } from 'react';
import { Button, Card } from 'antd';
import { BarChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getWeekStats } from './api';
import { useIsNarrow } from '../../lib/hooks';
import { LoadWhenVisible } from '../../app/LoadWhenVisible';

// ECharts is the heaviest library of the home page and the chart sits below the fold: the card
// (title, refresh) renders at once, the canvas loads when it is scrolled to.
const WeekChartCanvas = lazy(() => import('./WeekChartCanvas'));

/** Accepted and total submissions per day over the last seven days (ECharts). */
export function WeekSubmissionChart() {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const q = useQuery({ queryKey: ['week-stats'], queryFn: () => getWeekStats(false) });
  const refresh = useQuery({ queryKey: ['week-stats', 'force'], queryFn: () => getWeekStats(true), enabled: false });
  const data = refresh.data ?? q.data;
  const option = useMemo(
    () => ({
      color: ['#2557e0', '#19a05c'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('home.total'), t('home.accepted')] },
      grid: { left: 36, right: 12, top: 36, bottom: 24 },
      xAxis: { type: 'category', data: (data?.dateStrList ?? []).map((d) => d.slice(5)), axisTick: { show: false } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#eef1f6' } } },
      series: [
        { name: t('home.total'), type: 'bar', barMaxWidth: 26, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: data?.totalCountList ?? [] },
        { name: t('home.accepted'), type: 'line', smooth: true, symbolSize: 7, data: data?.acCountList ?? [] },
      ],
    }),
    [data, t],
  );
  return (
    <Card
      title={
        <span>
          <BarChartOutlined style={{ color: '#2557e0', marginRight: 8 }} />
          {t('home.weekStats')}
        </span>
      }
      extra={<Button size="small" type="text" icon={<ReloadOutlined />} loading={refresh.isFetching} onClick={() => void refresh.refetch()} aria-label={t('common.refresh')} />}
      data-testid="week-chart"
    >
      <LoadWhenVisible height={narrow ? 220 : 300}>
        <WeekChartCanvas option={option} height={narrow ? 220 : 300} />
      </LoadWhenVisible>
    </Card>
  );
}
