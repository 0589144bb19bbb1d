import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Menu, Space, Spin, Switch, Tag, Typography } from 'antd';
import { EditOutlined, EyeOutlined, LikeOutlined, MessageOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FORUM_LIMITS } from '@verdict/shared';
import { Pagination, RoleBadge, UserAvatar } from '../../components';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n';
import { openAuthModal, useAuth } from '../../stores/user';
import { discussionCategoriesQuery, discussionListQuery, invalidateDiscussionCategories, invalidateDiscussionLists, type DiscussionForm } from './api';
import { CategoryDialog } from './CategoryDialog';
import { DiscussionDialog } from './DiscussionDialog';
import './discussion.css';
import { opensCard } from '../../lib/card-click';
import { categoryLabel } from './category-name';

/** /discussion and /discussion/{problemID} (spec 02 §2): category sidebar, search, only mine, pinned first, page size 10. */
export function DiscussionList() {
  const { t, i18n } = useTranslation();
  const { problemID } = useParams();
  const [sp, setSp] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const auth = useAuth();
  const current = Math.max(1, Number(sp.get('currentPage')) || 1);
  const category = Number(sp.get('cid')) || undefined;
  const keyword = sp.get('keyword') ?? '';
  const onlyMine = sp.get('onlyMine') === 'true';
  const [search, setSearch] = useState(keyword);
  const [dialog, setDialog] = useState(false);
  const [catDialog, setCatDialog] = useState(false);
  const query = { currentPage: current, limit: FORUM_LIMITS.discussionPageSize, cid: category, pid: problemID, keyword: keyword || undefined, onlyMine: onlyMine || undefined };
  const list = useQuery({ ...discussionListQuery(query), placeholderData: keepPreviousData });
  const cats = useQuery(discussionCategoriesQuery());
  const categories = cats.data ?? [];
  const initial = useMemo<DiscussionForm>(() => ({ title: '', description: '', content: '', categoryId: category ?? null, pid: problemID ?? null, topPriority: false }), [category, problemID]);

  const setQuery = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(sp);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    if (!('currentPage' in patch)) next.delete('currentPage');
    setSp(next);
  };
  const needLogin = () => {
    if (auth.isLoggedIn) return false;
    toast('warning', msg('loginFirst'));
    openAuthModal('login');
    return true;
  };

  const sidebar = (
    <Card className="discussion-sidebar" title={t('discussion.categories')} size="small"
      extra={auth.isRoot && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setCatDialog(true)} aria-label={t('discussion.editCategories')} />}>
      <Menu mode="inline" selectedKeys={[String(category ?? 0)]} onClick={({ key }) => setQuery({ cid: key === '0' ? undefined : key })}
        items={[{ key: '0', label: t('discussion.all') }, ...categories.map((c) => ({ key: String(c.id), label: categoryLabel(c.name, i18n.language) }))]} />
    </Card>
  );

  return (
    <div className="discussion-page">
      <div className="discussion-layout">
        <aside className="discussion-aside">{sidebar}</aside>
        <main className="discussion-main">
          <Card>
            <div className="discussion-toolbar">
              <Typography.Title level={4} style={{ margin: 0 }}>{problemID ? t('discussion.problemTitle', { pid: problemID }) : t('discussion.title')}</Typography.Title>
              <Space wrap>
                <Input.Search allowClear value={search} onChange={(e) => setSearch(e.target.value)} onSearch={(v) => setQuery({ keyword: v.trim() || undefined })}
                  placeholder={t('discussion.search')} style={{ width: 240 }} aria-label={t('discussion.search')} />
                <Space size={4}>
                  <Switch size="small" checked={onlyMine} aria-label={t('discussion.onlyMine')}
                    onChange={(v) => { if (v && needLogin()) return; setQuery({ onlyMine: v ? 'true' : undefined }); }} />
                  <span>{t('discussion.onlyMine')}</span>
                </Space>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => { if (!needLogin()) setDialog(true); }}>
                  {problemID ? t('discussion.createForProblem') : t('discussion.create')}
                </Button>
              </Space>
            </div>
            {list.isLoading ? <Spin className="discussion-spin" /> : !list.data?.records.length ? <Empty description={t('discussion.empty')} /> : (
              <div className="discussion-items">
                {list.data.records.map((d) => (
                  <div className="discussion-item" key={d.id} data-testid="discussion-item"
                    onClick={(e) => opensCard(e.target, window.getSelection()?.toString()) && navigate(`/discussion-detail/${d.id}`)}>
                    <div className="discussion-item-head">
                      {d.topPriority && <Tag color="red" icon={<PushpinFilled />}>{t('discussion.pinned')}</Tag>}
                      <Link className="discussion-item-title" to={`/discussion-detail/${d.id}`}>{d.title}</Link>
                      {d.pid && <Link to={`/problem/${encodeURIComponent(d.pid)}`}><Tag color="blue">{t('discussion.problem')} {d.pid}</Tag></Link>}
                    </div>
                    <div className="discussion-item-desc">{d.description}</div>
                    <div className="discussion-item-meta">
                      <Space size={6} wrap>
                        <UserAvatar username={d.author} src={d.avatar} size={22} />
                        <Link to={`/user-home?username=${encodeURIComponent(d.author)}`}>{d.author}</Link>
                        <RoleBadge role={d.role} />
                      </Space>
                      <Space size={14} wrap className="discussion-counts">
                        <span title={t('discussion.comments')}><MessageOutlined /> {d.commentNum}</span>
                        <span title={t('discussion.likes')}><LikeOutlined /> {d.likeNum}</span>
                        <span title={t('discussion.views')}><EyeOutlined /> {d.viewNum}</span>
                        {d.categoryName && <Tag>{categoryLabel(d.categoryName, i18n.language)}</Tag>}
                        <span>{t('discussion.releaseTime')} {dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm')}</span>
                      </Space>
                    </div>
                  </div>
                ))}
              </div>
            )}
            <Pagination total={list.data?.total ?? 0} current={current} pageSize={FORUM_LIMITS.discussionPageSize} showSizeChanger={false}
              onChange={(p) => setQuery({ currentPage: String(p), cid: category ? String(category) : undefined, keyword: keyword || undefined, onlyMine: onlyMine ? 'true' : undefined })} />
          </Card>
        </main>
      </div>
      <DiscussionDialog open={dialog} initial={initial} categories={categories} onClose={() => setDialog(false)}
        onSaved={(id) => { setDialog(false); void invalidateDiscussionLists(qc); navigate(`/discussion-detail/${id}`); }} />
      <CategoryDialog open={catDialog} categories={categories} onClose={() => setCatDialog(false)} onSaved={() => void invalidateDiscussionCategories(qc)} />
    </div>
  );
}
