import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a screen throws while rendering: a message and a reload button instead of a blank page. */
export function RouteError() {
  const err = useRouteError() as Error | undefined;
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('app.renderError')}
      subTitle={err?.message}
      extra={<Button type="primary" onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
    />
  );
}
