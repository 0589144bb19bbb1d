import { useMemo, useState } from 'react';
import { Button, Card, Dropdown, List, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, EyeOutlined, LikeOutlined, MessageOutlined, MoreOutlined, PlusOutlined, PushpinFilled, SettingOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EmptyState, Pagination, RoleBadge, UserAvatar } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { categoryLabel, discussionCategoriesQuery, DiscussionDialog, type DiscussionForm } from '../discussion';
import { groupApi, groupDiscussionsQuery, type GroupDiscussionRow } from './api';
import { useGroup } from './context';
import { GROUP_PAGE } from './limits';

/**
 * /group/{id}/discussion and /group/{id}/discussion/{problemID} (behind the group-discussion switch):
 * pinned first, author with role badge, counts, category, edit (author) and delete (author or admin role);
 * an admin toggle shows the table with status select and pin switch.
 */
export function GroupDiscussions() {
  const { t, i18n } = useTranslation();
  const g = useGroup();
  const { problemID } = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const [admin, setAdmin] = useState(false);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DiscussionForm | null>(null);
  const cats = useQuery(discussionCategoriesQuery());
  const list = useQuery({
    ...groupDiscussionsQuery(g.gid, admin, page, GROUP_PAGE.discussions, problemID),
    placeholderData: keepPreviousData,
  });
  const catName = useMemo(() => Object.fromEntries((cats.data ?? []).map((c) => [c.id, categoryLabel(c.name, i18n.language)])), [cats.data, i18n.language]);
  const canAdmin = g.isAdmin || g.isSuperAdmin;
  const mine = (d: GroupDiscussionRow) => String(d.uid) === String(auth.user?.uid);

  const save = async (f: DiscussionForm) => {
    const body = { ...f, gid: g.gid };
    if (f.id) {
      await groupApi.updateDiscussion(body);
      return f.id;
    }
    const r = await groupApi.addDiscussion(body);
    return r?.id ?? 0;
  };
  const patch = async (d: GroupDiscussionRow, p: Partial<GroupDiscussionRow>) => {
    await groupApi.updateDiscussion({ id: d.id, gid: g.gid, title: d.title, description: d.description, content: d.content, categoryId: d.categoryId, pid: d.pid, topPriority: d.topPriority, status: d.status, ...p });
    toast('success', t('group.updated'));
    void list.refetch();
  };
  const remove = (d: GroupDiscussionRow) => feedback.modal?.confirm({
    title: t('group.delete'), content: t('group.deleteDiscussionConfirm'), okType: 'danger', okText: t('group.ok'), cancelText: t('group.cancel'),
    onOk: async () => {
      await groupApi.deleteDiscussion(d.id);
      toast('success', t('group.deleted'));
      void list.refetch();
    },
  });
  const edit = (d: GroupDiscussionRow) => setDialog({ id: d.id, title: d.title, description: d.description, content: d.content ?? '', categoryId: d.categoryId, pid: d.pid, topPriority: d.topPriority });
  const detail = (d: GroupDiscussionRow) => `/group/${g.gid}/discussion-detail/${d.id}`;

  return (
    <Card
      title={problemID ? `${t('group.tab.discussions')} · ${problemID}` : t('group.tab.discussions')}
      extra={
        <Space wrap>
          {!admin && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="group-discussion-create"
              onClick={() => setDialog({ title: '', description: '', content: '', categoryId: null, pid: problemID ?? null, topPriority: false })}>
              {problemID ? t('group.postProblemDiscussion') : t('group.postDiscussion')}
            </Button>
          )}
          {canAdmin && (
            <Button icon={admin ? <ArrowLeftOutlined /> : <SettingOutlined />} onClick={() => { setAdmin(!admin); setPage(1); }}>{admin ? t('group.back') : t('group.discussionAdmin')}</Button>
          )}
        </Space>
      }
    >
      {admin ? (
        <Table<GroupDiscussionRow>
          rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState text={t('group.noDiscussions')} /> }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('group.aTitle'), dataIndex: 'title' },
            { title: t('group.author'), dataIndex: 'author' },
            { title: t('group.likes'), dataIndex: 'likeNum', align: 'center' },
            { title: t('group.views'), dataIndex: 'viewNum', align: 'center' },
            { title: t('group.createdAt'), render: (_, d) => dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm') },
            {
              title: t('group.status'),
              render: (_, d) => <Select size="small" value={d.status} style={{ width: 110 }} onChange={(v) => void patch(d, { status: v })} aria-label={`${t('group.status')} ${d.title}`}
                options={[{ value: 0, label: t('group.normal') }, { value: 1, label: t('group.disabled') }]} />,
            },
            { title: t('group.pin'), render: (_, d) => <Switch size="small" checked={d.topPriority} disabled={!auth.isAdmin} onChange={(v) => void patch(d, { topPriority: v })} aria-label={`${t('group.pin')} ${d.title}`} /> },
            {
              title: t('group.option'),
              render: (_, d) => (
                <Space size={4}>
                  <Tooltip title={t('group.view')}><Button size="small" icon={<EyeOutlined />} onClick={() => navigate(detail(d))} aria-label={`${t('group.view')} ${d.title}`} /></Tooltip>
                  <Tooltip title={t('group.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(d)} aria-label={`${t('group.delete')} ${d.title}`} /></Tooltip>
                </Space>
              ),
            },
          ]}
        />
      ) : (
        <List
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <EmptyState text={t('group.noDiscussions')} /> }}
          renderItem={(d) => {
            const menu = [
              ...(mine(d) ? [{ key: 'edit', icon: <EditOutlined />, label: t('group.edit'), onClick: () => edit(d) }] : []),
              ...(mine(d) || auth.isAdmin || g.isAdmin ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('group.delete'), onClick: () => remove(d) }] : []),
            ];
            return (
              <List.Item className="group-discussion-row" data-testid="group-discussion-row" extra={menu.length > 0 && (
                <Dropdown menu={{ items: menu }} trigger={['click']}><Button type="text" icon={<MoreOutlined />} aria-label={t('group.more')} /></Dropdown>
              )}>
                <List.Item.Meta
                  avatar={<UserAvatar username={d.author} src={d.avatar} size={40} />}
                  title={
                    <Space size={6} wrap>
                      {d.topPriority && <PushpinFilled style={{ color: '#e5484d' }} aria-label={t('group.pinned')} />}
                      <Link to={detail(d)}>{d.title}</Link>
                      {d.pid && <Link to={`/group/${g.gid}/problem/${encodeURIComponent(d.pid)}`}><Tag color="blue">{d.pid}</Tag></Link>}
                    </Space>
                  }
                  description={
                    <>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>{d.description}</Typography.Paragraph>
                      <Space wrap size={[12, 4]}>
                        <span>{d.author} {d.role && <RoleBadge role={d.role} />}</span>
                        <span title={t('group.comments')}><MessageOutlined /> {d.commentNum}</span>
                        <span title={t('group.likes')}><LikeOutlined /> {d.likeNum}</span>
                        <span title={t('group.views')}><EyeOutlined /> {d.viewNum}</span>
                        {(d.categoryName ?? catName[d.categoryId]) && <Tag>{d.categoryName ? categoryLabel(d.categoryName, i18n.language) : catName[d.categoryId]}</Tag>}
                        <span>{dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm')}</span>
                      </Space>
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={GROUP_PAGE.discussions} showSizeChanger={false} onChange={(p) => setPage(p)} />
      <DiscussionDialog open={!!dialog} initial={dialog ?? { title: '', description: '', content: '', categoryId: null, topPriority: false }} categories={cats.data ?? []}
        onClose={() => setDialog(null)} save={save} onSaved={() => { setDialog(null); void list.refetch(); }} />
    </Card>
  );
}
