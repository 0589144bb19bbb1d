import { Button, Space } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The head of a group tab that has an admin view (problems, trainings, contests), for the group's
 * admins: "Create" in both lists (an owner need not find the admin view first), and a button into
 * the admin list or back from it. Test ids are `<testId>-create` and `<testId>-admin`.
 */
export function GroupAdminToolbar({ admin, adminLabel, onToggle, onCreate, testId }: {
  /** The admin list is shown. */
  admin: boolean;
  /** The toggle's label in the public list ("Problem Admin", ...). */
  adminLabel: string;
  /** Into the admin list, or back to the public one. */
  onToggle: () => void;
  onCreate: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`${testId}-create`}>{t('group.create')}</Button>
      <Button icon={admin ? <ArrowLeftOutlined /> : <SettingOutlined />} onClick={onToggle} data-testid={`${testId}-admin`}>
        {admin ? t('group.back') : adminLabel}
      </Button>
    </Space>
  );
}
