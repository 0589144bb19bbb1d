import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContestAuth, ContestStatus, ContestType } from '@verdict/shared';

const STATUS_COLOR: Record<number, string> = { [ContestStatus.SCHEDULED]: 'blue', [ContestStatus.RUNNING]: 'red', [ContestStatus.ENDED]: 'default' };
const STATUS_KEY: Record<number, string> = { [ContestStatus.SCHEDULED]: 'scheduled', [ContestStatus.RUNNING]: 'running', [ContestStatus.ENDED]: 'ended' };
const AUTH_KEY: Record<number, string> = { [ContestAuth.PUBLIC]: 'public', [ContestAuth.PRIVATE]: 'private', [ContestAuth.PROTECTED]: 'protected' };
const AUTH_COLOR: Record<number, string> = { [ContestAuth.PUBLIC]: 'green', [ContestAuth.PRIVATE]: 'volcano', [ContestAuth.PROTECTED]: 'gold' };

export function ContestStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`contest.${STATUS_KEY[status]}`)}</Tag>;
}

export function ContestRuleTag({ type }: { type: number }) {
  return <Tag color={type === ContestType.ACM ? 'geekblue' : 'purple'}>{type === ContestType.ACM ? 'ACM' : 'OI'}</Tag>;
}

export function ContestAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  return <Tooltip title={t(`contest.authTip.${auth}`)}><Tag color={AUTH_COLOR[auth]}>{t(`contest.${AUTH_KEY[auth]}`)}</Tag></Tooltip>;
}
