import { Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { IN_PROGRESS_STATUSES, JUDGE_STATUS_NAMES, JudgeStatus } from '@verdict/shared';
import { useTranslation } from 'react-i18next';

/** Fixed colours per judge status (spec 01 §9: AC, WA, TLE, MLE, RE, CE, PA, PE each have one), dark enough for white text (WCAG AA). */
export const STATUS_COLORS: Record<number, string> = {
  [JudgeStatus.ACCEPTED]: '#137a45',
  [JudgeStatus.WRONG_ANSWER]: '#c53030',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: '#b45309',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: '#92400e',
  [JudgeStatus.RUNTIME_ERROR]: '#9333ea',
  [JudgeStatus.COMPILE_ERROR]: '#a16207',
  [JudgeStatus.PARTIAL_ACCEPTED]: '#0f766e',
  [JudgeStatus.PRESENTATION_ERROR]: '#be185d',
  [JudgeStatus.SYSTEM_ERROR]: '#6b7280',
  [JudgeStatus.PENDING]: '#64748b',
  [JudgeStatus.COMPILING]: '#2557e0',
  [JudgeStatus.JUDGING]: '#2557e0',
  [JudgeStatus.SUBMITTING]: '#2557e0',
  [JudgeStatus.SUBMITTED_FAILED]: '#991b1b',
  [JudgeStatus.CANCELLED]: '#6b7280',
  [JudgeStatus.SUBMITTED_UNKNOWN_RESULT]: '#475569',
  [JudgeStatus.NOT_SUBMITTED]: '#64748b',
};

export function statusName(status: number, short = false): string {
  const s = JUDGE_STATUS_NAMES[status];
  return s ? (short ? s.short : s.name) : String(status);
}

/** A judge status as a coloured tag; in-progress statuses spin. */
export function StatusTag({ status, short = false, onClick }: { status: number; short?: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  const spinning = IN_PROGRESS_STATUSES.includes(status);
  return (
    <Tag
      color={STATUS_COLORS[status] ?? '#64748b'}
      icon={spinning ? <LoadingOutlined /> : undefined}
      onClick={onClick}
      style={{ cursor: onClick ? 'pointer' : undefined, fontWeight: 500 }}
    >
      {short ? statusName(status, true) : t(`status.${status}`, { defaultValue: statusName(status) })}
    </Tag>
  );
}
