import { Card, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UserTable } from './UserTable';
import { ImportUsers } from './ImportUsers';
import { GenerateUsers } from './GenerateUsers';
import '../admin.css';
import { invalidateAdminUsers } from './api';

/** /admin/user (super admin): the user list, CSV import and account generation. */
export default function UserAdmin() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = () => void invalidateAdminUsers(qc);
  return (
    <div className="admin-page">
      <Card title={t('admin.user.listTitle')}>
        <UserTable />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'import', label: t('admin.user.csv.title'), children: <ImportUsers onImported={refresh} /> },
            { key: 'generate', label: t('admin.user.gen.title'), children: <GenerateUsers onGenerated={refresh} /> },
          ]}
        />
      </Card>
    </div>
  );
}
