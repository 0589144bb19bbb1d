import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components';
import { useTraining } from './context';

/** /training/{id}: the training's description. */
export function TrainingHome() {
  const { t } = useTranslation();
  const { training } = useTraining();
  return (
    <Card title={t('training.description')}>
      <Markdown source={training.description} />
    </Card>
  );
}
