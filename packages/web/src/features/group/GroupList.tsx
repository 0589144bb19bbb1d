import { useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Input, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ClockCircleOutlined, PlusOutlined, SearchOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination } from '../../components';
import { showError, toast } from '../../lib/feedback';
import { openAuthModal, useAuth } from '../../stores/user';
import { groupApi, groupListQuery, invalidateGroupLists, type GroupListQuery, type GroupVo } from './api';
import { GROUP_AUTH_KEYS } from './context';
import { GROUP_PAGE } from './limits';
import { CreateGroupDialog, groupBodyOf } from './GroupForm';
import './group.css';
import { opensCard } from '../../lib/card-click';

/** The group's picture, or its initial on a colour of its auth. */
export function GroupAvatar({ group, size }: { group: Pick<GroupVo, 'avatar' | 'name' | 'auth'>; size: number }) {
  if (group.avatar) return <Avatar shape="square" src={group.avatar} size={size} alt={group.name} />;
  return <Avatar shape="square" size={size} className={`group-avatar-fallback auth-${group.auth}`}>{[...group.name][0]?.toUpperCase() ?? '?'}</Avatar>;
}

export function GroupAuthTag({ auth, onClick, dark }: { auth: number; onClick?: () => void; dark?: boolean }) {
  const { t } = useTranslation();
  const a = GROUP_AUTH_KEYS[auth] ?? GROUP_AUTH_KEYS[1];
  return (
    <Tooltip title={t(`group.auth${auth}Tip`)}>
      <Tag color={a.color} bordered={!dark} onClick={onClick} className={onClick ? 'group-clickable' : undefined} data-testid="group-auth-tag">{t(`group.auth${auth}`)}</Tag>
    </Tooltip>
  );
}

/** /group (spec 03 §2.3): keyword, auth and only-mine filters in the query string, card grid, sizes 9/15/30/60/120, create dialog. */
export function GroupList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { isLoggedIn } = useAuth();
  const [sp, setSp] = useSearchParams();
  const query: GroupListQuery = {
    currentPage: Math.max(1, Number(sp.get('currentPage')) || 1),
    limit: (GROUP_PAGE.listSizes as readonly number[]).includes(Number(sp.get('limit'))) ? Number(sp.get('limit')) : GROUP_PAGE.list,
    keyword: sp.get('keyword') || undefined,
    auth: Number(sp.get('auth')) || undefined,
    onlyMine: isLoggedIn && sp.get('onlyMine') === 'true' ? true : undefined,
  };
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [creating, setCreating] = useState(false);
  const list = useQuery({ ...groupListQuery(query), placeholderData: keepPreviousData });

  const setQuery = (patch: Partial<GroupListQuery>) => {
    const next = { ...query, currentPage: 1, ...patch };
    const q: Record<string, string> = {};
    if (next.keyword) q.keyword = next.keyword;
    if (next.auth) q.auth = String(next.auth);
    if (next.onlyMine) q.onlyMine = 'true';
    if (next.currentPage > 1) q.currentPage = String(next.currentPage);
    if (next.limit !== GROUP_PAGE.list) q.limit = String(next.limit);
    setSp(q);
  };
  // Anonymous users browse the list but must log in to open a group.
  const open = (g: GroupVo) => {
    if (!isLoggedIn) {
      showError(t('group.loginFirst'));
      openAuthModal('login');
      return;
    }
    navigate(`/group/${g.id}`);
  };
  const create = async (f: Parameters<typeof groupBodyOf>[0]) => {
    const g = await groupApi.create(groupBodyOf(f));
    toast('success', t('group.created'));
    setCreating(false);
    void invalidateGroupLists(qc);
    if (g && typeof g === 'object' && 'id' in g) navigate(`/group/${g.id}`);
  };

  return (
    <div className="group-list-page">
      <Card className="group-filter">
        <Space wrap size={[12, 8]} className="group-filter-row">
          <Typography.Title level={4} style={{ margin: 0 }}><TeamOutlined /> {t('group.search')}</Typography.Title>
          <Input.Search value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => setQuery({ keyword: v.trim() || undefined })}
            placeholder={t('group.keyword')} allowClear maxLength={200} style={{ width: 240 }} aria-label={t('group.keyword')} data-testid="group-keyword" />
          <Tooltip title={isLoggedIn ? undefined : t('group.loginFirst')}>
            <Button icon={<SearchOutlined />} disabled={!isLoggedIn} type={query.onlyMine ? 'primary' : 'default'} onClick={() => setQuery({ onlyMine: !query.onlyMine || undefined })}
              aria-pressed={!!query.onlyMine} data-testid="group-only-mine">
              {query.onlyMine ? t('group.allGroups') : t('group.myGroups')}
            </Button>
          </Tooltip>
          {isLoggedIn && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="group-create">{t('group.create')}</Button>
          )}
        </Space>
        <div className="group-auth-filter">
          <b>{t('group.auth')}</b>
          <Tag.CheckableTag checked={!query.auth} onChange={() => setQuery({ auth: undefined })}>{t('group.all')}</Tag.CheckableTag>
          {[1, 2, 3].map((a) => (
            <Tag.CheckableTag key={a} checked={query.auth === a} onChange={() => setQuery({ auth: a })} data-testid={`group-auth-filter-${a}`}>{t(`group.auth${a}`)}</Tag.CheckableTag>
          ))}
        </div>
      </Card>
      <Spin spinning={list.isFetching && !list.data}>
        {!list.data?.records.length ? (
          <Card className="group-empty"><Empty description={t('group.noGroups')} /></Card>
        ) : (
          <Row gutter={[16, 16]} className="group-grid">
            {list.data.records.map((g) => (
              <Col key={g.id} xs={24} sm={12} lg={8} xxl={6}>
                <Card className={`group-card auth-${g.auth}`} size="small" data-testid="group-card" data-gid={g.id}
                  onClick={(e) => opensCard(e.target, window.getSelection()?.toString()) && open(g)}>
                  <div className="group-card-body">
                    <button type="button" className="group-card-avatar" onClick={() => open(g)} aria-label={`${t('group.open')} ${g.name}`}>
                      <GroupAvatar group={g} size={88} />
                    </button>
                    <div className="group-card-main">
                      <a className="group-card-name" onClick={() => open(g)} title={g.name} data-testid="group-card-name">{g.name}</a>
                      <div className="group-card-brief">{g.brief}</div>
                    </div>
                  </div>
                  <div className="group-card-foot">
                    <Space size={4} wrap>
                      <span title={t('group.memberCount')}><UserOutlined /> {g.memberCount}</span>
                      <GroupAuthTag auth={g.auth} onClick={() => setQuery({ auth: g.auth })} />
                      {!g.visible && <Tooltip title={t('group.hiddenTip')}><Tag color="blue">{t('group.hidden')}</Tag></Tooltip>}
                    </Space>
                    <Space size={8} wrap>
                      <Link to={`/user-home?username=${encodeURIComponent(g.owner)}`} title={t('group.owner')}><UserOutlined /> {g.owner}</Link>
                      <span><ClockCircleOutlined /> {dayjs(g.gmtCreate).format('YYYY-MM-DD')}</span>
                    </Space>
                  </div>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Pagination total={list.data?.total ?? 0} current={query.currentPage} pageSize={query.limit} sizes={GROUP_PAGE.listSizes}
        onChange={(p, s) => setQuery({ currentPage: s !== query.limit ? 1 : p, limit: s })} />
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} submit={create} />
    </div>
  );
}
