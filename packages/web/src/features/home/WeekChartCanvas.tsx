import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The ECharts part of the week chart, in its own chunk (see WeekSubmissionChart). */
export default function WeekChartCanvas({ option, height }: { option: object; height: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge />;
}
