import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVELS = [
  { key: 'easy', color: 'green' },
  { key: 'mid', color: 'gold' },
  { key: 'hard', color: 'red' },
];
export const DIFFICULTIES = [0, 1, 2];

/** Difficulty 0 Easy, 1 Mid, 2 Hard (spec 01 §3). */
export function DifficultyTag({ value }: { value: number }) {
  const { t } = useTranslation();
  const l = LEVELS[value];
  return <Tag color={l?.color ?? 'default'}>{l ? t(`problem.${l.key}`) : value}</Tag>;
}
export const difficultyLabel = (t: (k: string) => string, v: number) => (LEVELS[v] ? t(`problem.${LEVELS[v].key}`) : String(v));
