import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { CalendarHeatmap as HeatmapData } from '@verdict/shared';
import { emptyDayColor, heatPieces, heatmapRange } from './heatmap-range';
import { useChartTheme } from '../../theme/chart';

echarts.use([HeatmapChart, CalendarComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** Submissions per day over the last year, GitHub style. */
export function CalendarHeatmap({ data }: { data: HeatmapData }) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const theme = useChartTheme();
  // Recent weeks matter most: start a scrolled heatmap at its right end.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);
  const option = useMemo(() => {
    const range = heatmapRange(data.endDate);
    const zh = i18n.language !== 'en-US';
    const label = theme ? '#a3abb9' : '#5f6b7e';
    return {
      backgroundColor: 'transparent',
      tooltip: {
        formatter: (p: { value: [string, number] }) => t('user.heatmapTooltip', { date: p.value[0], count: p.value[1] }),
      },
      visualMap: { type: 'piecewise', show: false, pieces: heatPieces(!!theme), seriesIndex: 0 },
      calendar: {
        range,
        top: 28,
        left: 36,
        right: 8,
        cellSize: ['auto', 14],
        splitLine: { show: false },
        itemStyle: { borderWidth: 3, borderColor: theme ? '#181c23' : '#fff', color: emptyDayColor(!!theme) },
        yearLabel: { show: false },
        dayLabel: { nameMap: zh ? 'ZH' : 'EN', firstDay: 0, fontSize: 10, color: label },
        monthLabel: { nameMap: zh ? 'ZH' : 'EN', fontSize: 11, color: label },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: data.dataList.map((d) => [d.date, d.count]) }],
    };
  }, [data, i18n.language, t, theme]);
  // A year of weeks needs ~720 px; narrower screens scroll it sideways instead of squeezing the labels.
  return (
    <div className="uh-heatmap-scroll" ref={scroller}>
      <div className="uh-heatmap-inner">
        <ReactEChartsCore echarts={echarts} option={option} theme={theme} style={{ height: 136 }} notMerge />
      </div>
      <div className="uh-heat-legend">
        {t('user.less')}
        {heatPieces(!!theme).map((p) => (
          <span key={p.color} className="uh-heat-cell" style={{ background: p.color }} />
        ))}
        {t('user.more')}
      </div>
    </div>
  );
}
