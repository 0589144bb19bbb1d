import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { GlobalRankRecord } from './api';
import { useChartTheme } from '../../theme/chart';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Bar chart of the top 10 (spec 02 global ranks): ACM shows AC and total, OI shows the score. */
export function TopChart({ rows, oi }: { rows: GlobalRankRecord[]; oi: boolean }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const option = useMemo(() => {
    const names = rows.map((r) => r.username);
    const series = oi
      ? [{ name: t('rank.score'), type: 'bar', barMaxWidth: 32, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: rows.map((r) => r.score) }]
      : [
          { name: t('rank.ac'), type: 'bar', barMaxWidth: 28, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: rows.map((r) => r.ac) },
          { name: t('rank.total'), type: 'bar', barMaxWidth: 28, itemStyle: { borderRadius: [4, 4, 0, 0] }, data: rows.map((r) => r.total) },
        ];
    return {
      backgroundColor: 'transparent',
      color: oi ? ['#8b5cf6'] : ['#19a05c', '#2f6bff'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 12, top: 36, bottom: 48 },
      xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 5 ? 30 : 0 }, axisTick: { show: false } },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: theme ? '#2a2f38' : '#eef1f6' } } },
      series,
    };
  }, [rows, oi, t, theme]);
  return (
    <div data-testid="rank-chart">
      <ReactEChartsCore echarts={echarts} option={option} theme={theme} style={{ height: 320 }} notMerge />
    </div>
  );
}
