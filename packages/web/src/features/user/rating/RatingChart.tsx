import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import dayjs from 'dayjs';
import { ratingBandOf, type RatingHistoryVo } from '@verdict/shared';
import { CHART_BANDS, chartRange, escapeHtml } from './bands';
import { useChartTheme } from '../../../theme/chart';

echarts.use([LineChart, GridComponent, MarkAreaComponent, TooltipComponent, CanvasRenderer]);

/**
 * The rating over time, Codeforces style: the bands painted behind the line (grey < 1200, green,
 * cyan, blue, violet, orange, red from 2400), one point per rated contest in its band's colour;
 * the tooltip names the contest, the place and old → new; a click opens the contest.
 */
export default function RatingChart({ history }: { history: RatingHistoryVo[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useChartTheme();
  const option = useMemo(() => {
    const [lo, hi] = chartRange(history.map((h) => h.newRating).concat(history.map((h) => h.oldRating)));
    return {
      backgroundColor: 'transparent',
      animation: false,
      grid: { left: 48, right: 16, top: 12, bottom: 36 },
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (p: { dataIndex: number }) => {
          const h = history[p.dataIndex];
          if (!h) return '';
          const sign = h.delta > 0 ? '+' : '';
          return `<b>${escapeHtml(h.title)}</b><br/>${dayjs(h.time).format('YYYY-MM-DD HH:mm')}<br/>`
            + `${escapeHtml(t('user.ratingRank', { rank: h.rank }))}<br/>`
            + `${h.oldRating} → <b style="color:${ratingBandOf(h.newRating).color}">${h.newRating}</b> (${sign}${h.delta})`;
        },
      },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true }, splitLine: { show: false } },
      yAxis: { type: 'value', min: lo, max: hi, interval: undefined, splitLine: { show: false }, axisLabel: { color: '#8a94a6' } },
      series: [{
        type: 'line',
        data: history.map((h) => ({ value: [h.time, h.newRating], itemStyle: { color: ratingBandOf(h.newRating).color, borderColor: '#fff', borderWidth: 1 } })),
        symbol: 'circle',
        symbolSize: 8,
        lineStyle: { color: '#e0a800', width: 2 },
        itemStyle: { color: '#e0a800' },
        markArea: {
          silent: true,
          data: CHART_BANDS.filter((b) => b.to > lo && b.from < hi).map((b) => [
            { yAxis: Math.max(b.from, lo), itemStyle: { color: b.fill } },
            { yAxis: Math.min(b.to, hi) },
          ]),
        },
      }],
    };
  }, [history, t]);
  return (
    <div data-testid="rating-chart" role="img" aria-label={t('user.ratingChart')}>
      <ReactEChartsCore echarts={echarts} option={option} theme={theme} style={{ height: 280 }} notMerge
        onEvents={{ click: (p: { dataIndex?: number }) => { const h = p.dataIndex != null ? history[p.dataIndex] : undefined; if (h) navigate(`/contest/${h.cid}`); } }} />
    </div>
  );
}
