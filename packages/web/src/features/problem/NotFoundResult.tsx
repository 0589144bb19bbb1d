import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components';

/** The problem page's "no such problem" screen (its own chunk: antd Result carries its pictures). */
export default function NotFoundResult() {
  const { t } = useTranslation();
  return <Result status="404" title={t('problem.notFound')} extra={<LinkButton to="/problem" type="primary">{t('problem.backToList')}</LinkButton>} />;
}
