import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useChartTheme } from '../../theme/chart';

// Only the parts this chart uses (the full `echarts` build is ~3x larger).
echarts.use([PieChart, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

/** The pie of StatisticsDialog, in its own chunk. */
export default function StatisticsPie({ option }: { option: object }) {
  const theme = useChartTheme();
  return <ReactEChartsCore echarts={echarts} option={{ backgroundColor: 'transparent', ...option }} theme={theme} style={{ height: 360 }} />;
}
