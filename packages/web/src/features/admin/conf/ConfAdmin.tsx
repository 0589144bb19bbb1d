import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd';
import { WebConfig } from './WebConfig';
import { EmailConfig } from './EmailConfig';
import { DbRedisInfo } from './DbRedisInfo';
import '../admin.css';

/** /admin/conf (super admin): web config, email config, database and Redis information. */
export default function ConfAdmin() {
  const { t } = useTranslation();
  return (
    <div className="admin-page">
      <Tabs
        items={[
          { key: 'web', label: t('admin.conf.webTitle'), children: <WebConfig /> },
          { key: 'email', label: t('admin.conf.emailTitle'), children: <EmailConfig /> },
          { key: 'db', label: t('admin.conf.dbTitle'), children: <DbRedisInfo /> },
        ]}
      />
    </div>
  );
}
