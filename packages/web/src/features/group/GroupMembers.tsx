import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tooltip } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { groupApi, groupMembersQuery, type GroupMember } from './api';
import { LEVEL_KEYS, useGroup } from './context';
import { canChangeRow, canKick, optionDisabled } from './rules';
import { GROUP_PAGE } from './limits';

const when = (v: string | number | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');

/** /group/{id}/member: the member table; group admins switch to the admin view (apply list, auth select, reason, kick). */
export function GroupMembers() {
  const { t } = useTranslation();
  const g = useGroup();
  const [sp, setSp] = useSearchParams();
  const admin = sp.get('view') === 'admin' && (g.isAdmin || g.isSuperAdmin);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(GROUP_PAGE.members);
  const list = useQuery({
    ...groupMembersQuery(g.gid, admin, page, limit),
    placeholderData: keepPreviousData,
  });
  const levelOptions = [1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`group.level.${LEVEL_KEYS[v]}`) }));

  const change = async (row: GroupMember, auth: number) => {
    await groupApi.updateMember({ uid: row.uid, gid: g.gid, auth });
    toast('success', t('group.updated'));
    g.refresh();
  };
  const kick = (row: GroupMember) => {
    const owner = row.username === g.group.owner;
    feedback.modal?.confirm({
      title: t('group.kick'), content: owner ? t('group.kickOwnerConfirm') : t('group.kickConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
      onOk: async () => {
        await groupApi.kick(row.uid, g.gid);
        toast('success', owner ? t('group.disbanded') : t('group.deleted'));
        g.refresh();
      },
    });
  };
  const viewReason = (row: GroupMember) => feedback.modal?.info({ title: t('group.reason'), content: <div className="group-reason">{row.reason || t('group.noReason')}</div>, okText: t('group.ok') });

  return (
    <Card
      title={t('group.tab.members')}
      extra={(g.isAdmin || g.isSuperAdmin) && (
        <Button icon={admin ? <ArrowLeftOutlined /> : <SettingOutlined />} type={admin ? 'default' : 'primary'} onClick={() => { setSp(admin ? {} : { view: 'admin' }); setPage(1); }} data-testid="member-admin-toggle">
          {admin ? t('group.back') : t('group.memberAdmin')}
        </Button>
      )}
    >
      <Table<GroupMember>
        rowKey={(r) => String(r.uid)} size="middle" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'member-row', 'data-username': r.username }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('group.username'), render: (_, r) => <Link to={`/user-home?username=${encodeURIComponent(r.username)}`}>{r.username}</Link> },
          { title: admin ? t('group.createdAt') : t('group.joinTime'), render: (_, r) => when(r.gmtCreate), responsive: ['sm'] },
          { title: admin ? t('group.modifiedAt') : t('group.changeTime'), render: (_, r) => when(r.gmtModify), responsive: ['md'] },
          {
            title: t('group.memberAuth'),
            render: (_, r) => admin
              ? <Select size="small" style={{ width: 150 }} value={r.auth} disabled={!canChangeRow(g, r)} onChange={(v) => void change(r, v)} aria-label={`${t('group.memberAuth')} ${r.username}`}
                  data-testid="member-auth" options={levelOptions.map((o) => ({ ...o, disabled: optionDisabled(g, r, o.value) }))} />
              : <Select size="small" style={{ width: 150 }} value={r.auth} disabled options={levelOptions} aria-label={`${t('group.memberAuth')} ${r.username}`} />,
          },
          ...(admin ? [{
            title: t('group.option'),
            render: (_: unknown, r: GroupMember) => (
              <Space>
                <Tooltip title={t('group.viewReason')}><Button size="small" icon={<EyeOutlined />} onClick={() => viewReason(r)} aria-label={`${t('group.viewReason')} ${r.username}`} data-testid="member-reason" /></Tooltip>
                {canKick(g, r) && <Tooltip title={t('group.kick')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => kick(r)} aria-label={`${t('group.kick')} ${r.username}`} data-testid="member-kick" /></Tooltip>}
              </Space>
            ),
          }] : []),
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={limit} onChange={(p, s) => { setPage(p); setLimit(s); }} />
    </Card>
  );
}
