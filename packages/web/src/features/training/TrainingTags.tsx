import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrainingAuth } from '@verdict/shared';

/** Auth tag of a training with its tooltip (spec 02: Public, Private). */
export function TrainingAuthTag({ auth }: { auth: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`training.authTip.${auth}`)}>
      <Tag color={auth === TrainingAuth.PRIVATE ? 'red' : 'green'} data-testid="training-auth">{t(`training.${auth}`)}</Tag>
    </Tooltip>
  );
}

/** The training's category in its colour. */
export function CategoryTag({ name, color }: { name: string | null; color: string | null }) {
  if (!name) return null;
  return <Tag color={color || 'blue'} data-testid="training-category">{name}</Tag>;
}
