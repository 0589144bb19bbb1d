import { useMemo, useState } from 'react';
import { App, Button, Card, Dropdown, Result, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, LikeFilled, LikeOutlined, MessageOutlined, MoreOutlined, PushpinFilled, WarningOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LinkButton, Markdown, RoleBadge, UserAvatar } from '../../components';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n';
import type { ApiError } from '../../lib/request';
import { openAuthModal, useAuth } from '../../stores/user';
import { CommentArea } from '../comment';
import { discussionApi, discussionCategoriesQuery, discussionDetailQuery, discussionKeys, invalidateDiscussionDetail, invalidateDiscussionLists, type DiscussionForm } from './api';
import { DiscussionDialog } from './DiscussionDialog';
import { ReportDialog } from './ReportDialog';
import './discussion.css';
import { categoryLabel } from './category-name';

/** /discussion-detail/{id} (spec 02 §2): the discussion, like, report, edit/delete menu, and the comment area. */
export function DiscussionDetail() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const did = Number(useParams().discussionID);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const auth = useAuth();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const q = useQuery({ ...discussionDetailQuery(did), retry: false, enabled: did > 0 });
  const cats = useQuery({ ...discussionCategoriesQuery(), enabled: editing });
  const d = q.data;
  const initial = useMemo<DiscussionForm>(() => (d ? { id: d.id, title: d.title, description: d.description, content: d.content ?? '', categoryId: d.categoryId, pid: d.pid, topPriority: d.topPriority }
    : { title: '', description: '', content: '', categoryId: null, topPriority: false }), [d]);

  if (q.isLoading) return <Spin className="discussion-spin" />;
  if (!d) {
    return <Result status="warning" title={t('discussion.notFoundTitle')} subTitle={(q.error as ApiError | null)?.message}
      extra={<LinkButton to="/discussion" type="primary">{t('discussion.backToList')}</LinkButton>} />;
  }
  const mine = auth.user?.uid === d.uid;
  const canEdit = mine || auth.isAdmin;
  const needLogin = () => {
    if (auth.isLoggedIn) return false;
    toast('warning', msg('loginFirst'));
    openAuthModal('login');
    return true;
  };
  const like = async () => {
    if (needLogin()) return;
    try {
      await discussionApi.like(d.id, !d.hasLike);
      toast('success', d.hasLike ? t('discussion.unlikeOk') : t('discussion.likeOk'));
      qc.setQueryData(discussionKeys.detail(did), { ...d, hasLike: !d.hasLike, likeNum: d.likeNum + (d.hasLike ? -1 : 1) });
    } catch { void q.refetch(); }
  };
  const remove = () => modal.confirm({
    title: t('discussion.deleteConfirm'), content: d.title, okType: 'danger', okText: t('discussion.delete'), cancelText: t('discussion.cancel'),
    onOk: async () => {
      await discussionApi.remove(d.id);
      toast('success', t('discussion.deleted'));
      void invalidateDiscussionLists(qc);
      navigate(d.pid ? `/discussion/${encodeURIComponent(d.pid)}` : '/discussion');
    },
  });

  return (
    <div className="discussion-page discussion-detail">
      <Card>
        <div className="discussion-detail-head">
          <Typography.Title level={3} className="discussion-detail-title">
            {d.topPriority && <PushpinFilled className="discussion-pin" aria-label={t('discussion.pinned')} />}
            {d.title}
            {d.status === 1 && <Tag color="red" style={{ marginLeft: 8 }}>{t('discussion.disabledTag')}</Tag>}
          </Typography.Title>
          {canEdit && (
            <Dropdown trigger={['click']} menu={{ items: [
              { key: 'edit', icon: <EditOutlined />, label: t('discussion.edit'), onClick: () => setEditing(true) },
              { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('discussion.delete'), onClick: remove },
            ] }}>
              <Button icon={<MoreOutlined />} aria-label={t('discussion.edit')} />
            </Dropdown>
          )}
        </div>
        <div className="discussion-item-meta">
          <Space size={6} wrap>
            <UserAvatar username={d.author} src={d.avatar} size={28} />
            <Link to={`/user-home?username=${encodeURIComponent(d.author)}`}>{d.author}</Link>
            <RoleBadge role={d.role} />
            {d.titleName && <span className="comment-title-tag" style={{ background: d.titleColor ?? '#888', color: '#fff', borderRadius: 4, padding: '0 6px' }}>{d.titleName}</span>}
          </Space>
          <Space size={14} wrap className="discussion-counts">
            {d.pid && <Link to={`/problem/${encodeURIComponent(d.pid)}`}><Tag color="blue">{t('discussion.problem')} {d.pid}</Tag></Link>}
            {d.categoryName && <Tag>{categoryLabel(d.categoryName, i18n.language)}</Tag>}
            <span><MessageOutlined /> {d.commentNum}</span>
            <span><EyeOutlined /> {d.viewNum}</span>
            <span>{t('discussion.releaseTime')} {dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm')}</span>
          </Space>
        </div>
        <div className="discussion-desc">{d.description}</div>
        <Markdown source={d.content ?? ''} className="discussion-content" />
        <Space className="discussion-detail-actions">
          <Button type={d.hasLike ? 'primary' : 'default'} icon={d.hasLike ? <LikeFilled /> : <LikeOutlined />} onClick={() => void like()} data-testid="discussion-like">
            {d.hasLike ? t('discussion.liked') : t('discussion.like')} {d.likeNum}
          </Button>
          <Button icon={<WarningOutlined />} onClick={() => { if (!needLogin()) setReporting(true); }}>{t('discussion.report')}</Button>
        </Space>
      </Card>
      <CommentArea place={{ did: d.id }} onChanged={() => void invalidateDiscussionDetail(qc, d.id)} />
      <DiscussionDialog open={editing} initial={initial} categories={cats.data ?? []} onClose={() => setEditing(false)}
        onSaved={() => { setEditing(false); void q.refetch(); void invalidateDiscussionLists(qc); }} />
      <ReportDialog did={d.id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}
