import { Modal } from 'antd';
import ReactECharts from 'echarts-for-react';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@verdict/shared';
import { STATUS_COLORS, statusName } from '../../components';
import type { ProblemCount } from './api';

const SLICES: [keyof ProblemCount, number][] = [
  ['ac', JudgeStatus.ACCEPTED], ['wa', JudgeStatus.WRONG_ANSWER], ['tle', JudgeStatus.TIME_LIMIT_EXCEEDED],
  ['mle', JudgeStatus.MEMORY_LIMIT_EXCEEDED], ['re', JudgeStatus.RUNTIME_ERROR], ['ce', JudgeStatus.COMPILE_ERROR],
  ['pe', JudgeStatus.PRESENTATION_ERROR], ['pa', JudgeStatus.PARTIAL_ACCEPTED], ['se', JudgeStatus.SYSTEM_ERROR],
];

/** Statistics pie chart of a problem's submissions by verdict. */
export function StatisticsDialog({ open, onClose, count }: { open: boolean; onClose: () => void; count: ProblemCount }) {
  const { t } = useTranslation();
  const data = SLICES.filter(([k]) => Number(count[k] ?? 0) > 0).map(([k, s]) => ({
    name: t(`status.${s}`, { defaultValue: statusName(s) }), value: Number(count[k]), itemStyle: { color: STATUS_COLORS[s] },
  }));
  const option = {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    title: { text: `${t('problem.total')}: ${count.total}`, left: 'center', textStyle: { fontSize: 14 } },
    series: [{ type: 'pie', radius: ['35%', '65%'], data, label: { formatter: '{b}\n{c}' } }],
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('problem.statisticsTitle')} width={560} destroyOnHidden>
      {count.total ? <ReactECharts option={option} style={{ height: 360 }} /> : <p>{t('problem.total')}: 0</p>}
    </Modal>
  );
}
