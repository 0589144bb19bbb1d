import { useState, type AriaAttributes } from 'react';
import { App, Button, Input, Space, Switch, Table, Tag, Tooltip, type CheckboxProps } from 'antd';
import { DeleteOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AdminUserRow } from '@verdict/shared';
import { msg } from '../../../i18n/messages';
import { showError, toast } from '../../../lib/feedback';
import { Pagination } from '../../../components';
import { useAuth } from '../../../stores/user';
import { adminUsersQuery, userAdminApi } from './api';
import { EditUserDialog } from './EditUserDialog';
import { ResetTwoFactorButton } from './ResetTwoFactorButton';
import { roleColor } from './roles';

/** Users with search, only-admin filter, paging, edit and (bulk) delete after confirmation. */
export function UserTable() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { modal } = App.useApp();
  const [page, setPage] = useState({ currentPage: 1, limit: 10 });
  const [keyword, setKeyword] = useState('');
  const [onlyAdmin, setOnlyAdmin] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const q = useQuery({
    ...adminUsersQuery(page, keyword, onlyAdmin),
    placeholderData: keepPreviousData,
  });

  const remove = (ids: number[]) => {
    if (!ids.length) {
      showError(msg('selectedUsersEmpty'));
      return;
    }
    modal.confirm({
      title: t('admin.user.deleteConfirmTitle'),
      content: t('admin.user.deleteConfirm', { n: ids.length }),
      okType: 'danger',
      okText: t('admin.common.delete'),
      cancelText: t('admin.common.cancel'),
      onOk: async () => {
        try {
          await userAdminApi.remove(ids);
          toast('success', t('admin.common.deleted'));
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          void q.refetch();
        } catch {
          // shown by the request layer
        }
      },
    });
  };

  return (
    <>
      <div className="admin-toolbar">
        <div className="admin-toolbar-left">
          <Input.Search
            allowClear
            placeholder={t('admin.user.searchPlaceholder')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            style={{ width: 260 }}
            data-testid="user-search"
          />
          <span>
            <Switch
              size="small"
              aria-label={t('admin.user.onlyAdmin')}
              checked={onlyAdmin}
              onChange={(v) => {
                setOnlyAdmin(v);
                setPage((p) => ({ ...p, currentPage: 1 }));
              }}
            />{' '}
            {t('admin.user.onlyAdmin')}
          </span>
        </div>
        <div className="admin-toolbar-right">
          <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
            {t('admin.common.refresh')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)} data-testid="delete-selected">
            {t('admin.user.deleteSelected')}
            {selected.length ? ` (${selected.length})` : ''}
          </Button>
        </div>
      </div>
      <div className="admin-table-wrap">
        <Table<AdminUserRow>
          rowKey="uid"
          size="middle"
          loading={q.isFetching}
          dataSource={q.data?.records ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            // Each checkbox is named for screen readers (antd's header one says "Select all" in English only).
            getCheckboxProps: (r): CheckboxProps & AriaAttributes => ({ disabled: r.uid === me?.uid, 'aria-label': t('admin.user.selectUser', { name: r.username }) }),
            getTitleCheckboxProps: () => ({ 'aria-label': t('admin.user.selectAllUsers') }),
          }}
          data-testid="user-table"
          columns={[
            { title: 'UID', dataIndex: 'uid', width: 70 },
            { title: t('admin.user.username'), dataIndex: 'username', render: (v: string, r) => <Link to={`/user-home?uid=${r.uid}`} target="_blank" rel="noopener noreferrer">{v}</Link> },
            { title: t('admin.user.realname'), dataIndex: 'realname', render: (v) => v ?? '-' },
            { title: t('admin.user.email'), dataIndex: 'email', render: (v) => v ?? '-' },
            { title: t('admin.user.roleLabel'), dataIndex: 'role', render: (v: number) => <Tag color={roleColor(v)}>{t(`admin.user.role.${v}`)}</Tag> },
            {
              title: t('admin.user.statusLabel'),
              dataIndex: 'status',
              render: (v: number) => (v === 0 ? <Tag color="success">{t('admin.user.normal')}</Tag> : <Tag color="error">{t('admin.user.disabled')}</Tag>),
            },
            { title: t('admin.user.created'), dataIndex: 'gmtCreate', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            {
              title: t('admin.user.lastLogin'),
              dataIndex: 'lastLoginTime',
              render: (v: number | null, r) => (v ? <Tooltip title={r.lastLoginIp ?? ''}>{dayjs(v).format('YYYY-MM-DD HH:mm')}</Tooltip> : '-'),
            },
            {
              title: t('admin.common.actions'),
              fixed: 'right',
              width: 140,
              render: (_, r) => (
                <Space>
                  <ResetTwoFactorButton uid={r.uid} username={r.username} />
                  <Tooltip title={t('admin.common.edit')}>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('admin.common.edit')} />
                  </Tooltip>
                  <Tooltip title={t('admin.common.delete')}>
                    <Button size="small" danger icon={<DeleteOutlined />} disabled={r.uid === me?.uid} onClick={() => remove([r.uid])} aria-label={t('admin.common.delete')} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Pagination
        total={q.data?.total ?? 0}
        current={page.currentPage}
        pageSize={page.limit}
        onChange={(currentPage, limit) => setPage({ currentPage, limit })}
      />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={() => void q.refetch()} />
    </>
  );
}
