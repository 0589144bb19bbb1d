import { lazy, Suspense } from 'react';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@verdict/shared';
import { STATUS_COLORS, statusName } from '../../components';
import type { ProblemCount } from './api';

// ECharts loads when the dialog is first opened, not with the problem page.
const StatisticsPie = lazy(() => import('./StatisticsPie'));

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
      {count.total ? (
        <Suspense fallback={<Spin style={{ display: 'block', height: 360, paddingTop: 160 }} />}>
          <StatisticsPie option={option} />
        </Suspense>
      ) : (
        <p>{t('problem.total')}: 0</p>
      )}
    </Modal>
  );
}
