import { useEffect } from 'react';
import { App, Badge, Button, Card, Empty, Menu, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FORUM_LIMITS, type MsgType } from '@verdict/shared';
import { Markdown, Pagination, UserAvatar } from '../../components';
import { toast } from '../../lib/feedback';
import { markdownPlainText } from '../../lib/markdown-text';
import { invalidateUnread, messageApi, messageListQuery, unreadQuery, type SysMsgVo, type UnreadCounts, type UserMsgVo } from './api';
import './message.css';

/** The five tabs: route segment, HOJ's type, unread counter field (spec 01 §2). */
const TABS: { seg: string; type: MsgType; counter: keyof UnreadCounts; label: string }[] = [
  { seg: 'discuss', type: 'Discuss', counter: 'comment', label: 'message.discuss' },
  { seg: 'reply', type: 'Reply', counter: 'reply', label: 'message.reply' },
  { seg: 'like', type: 'Like', counter: 'like', label: 'message.like' },
  { seg: 'sys', type: 'Sys', counter: 'sys', label: 'message.sys' },
  { seg: 'mine', type: 'Mine', counter: 'mine', label: 'message.mine' },
];

function EventMessage({ m }: { m: UserMsgVo }) {
  const { t } = useTranslation();
  const what = m.action === 'Discuss' ? t('message.commentedOn')
    : m.action === 'Reply' ? `${t('message.repliedTo')}${t(m.quoteType === 'Reply' ? 'message.replyWord' : 'message.comment')}`
      : m.action === 'Like_Post' ? t('message.likedPost') : t('message.likedComment');
  return (
    <div className="msg-event">
      <UserAvatar username={m.senderUsername ?? '?'} src={m.senderAvatar} size={36} />
      <div className="msg-event-body">
        <div>
          <Typography.Text strong>{m.senderUsername}</Typography.Text> {what}
          {!m.state && <Tag color="red" className="msg-unread">{t('message.unread')}</Tag>}
        </div>
        {m.quoteContent && <div className="msg-quote">{markdownPlainText(m.quoteContent)}</div>}
        {m.sourceContent && <div className="msg-content">{markdownPlainText(m.sourceContent)}</div>}
        <div className="msg-meta">
          <span>{m.sourceType === 'Contest' ? t('message.contestSource') : t('message.discussionSource')}: </span>
          <Link to={m.url}>{m.sourceTitle ?? m.url}</Link>
          <span className="msg-time">{dayjs(m.gmtCreate).format('YYYY-MM-DD HH:mm')}</span>
        </div>
      </div>
    </div>
  );
}

function NoticeMessage({ m }: { m: SysMsgVo }) {
  const { t } = useTranslation();
  return (
    <div className="msg-notice">
      <div><Typography.Text strong>{m.title}</Typography.Text> {!m.state && <Tag color="red" className="msg-unread">{t('message.unread')}</Tag>}</div>
      <Markdown source={m.content} className="msg-notice-content" />
      <div className="msg-meta"><span className="msg-time">{dayjs(m.gmtCreate).format('YYYY-MM-DD HH:mm')}</span></div>
    </div>
  );
}

/** /message/{tab}: tabs with unread counters, page sizes 6 and 8, delete one after confirmation, clean a tab. */
export function MessageCenter() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { tab = 'discuss' } = useParams();
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const qc = useQueryClient();
  const current = Math.max(1, Number(sp.get('page')) || 1);
  const def = TABS.find((x) => x.seg === tab);
  const type = def?.type ?? 'Discuss';
  const size = FORUM_LIMITS.msgPageSize[type];
  const unread = useQuery({ ...unreadQuery(), refetchInterval: FORUM_LIMITS.unreadPollMs });
  const list = useQuery({
    ...messageListQuery(type, current, size),
    placeholderData: keepPreviousData, enabled: !!def,
  });
  // Reading a tab marks it read on the server: refresh the counters once the page is in.
  useEffect(() => { if (list.dataUpdatedAt) void invalidateUnread(qc); }, [list.dataUpdatedAt, qc]);
  if (!def) return <Navigate to="/message/discuss" replace />;

  const refresh = () => { void list.refetch(); void invalidateUnread(qc); };
  const remove = (id: number) => modal.confirm({
    title: t('message.deleteConfirm'), okType: 'danger', okText: t('message.delete'),
    onOk: async () => { await messageApi.clean(type, id); toast('success', t('message.deleted')); refresh(); },
  });
  const clean = () => modal.confirm({
    title: t('message.cleanConfirm'), okType: 'danger', okText: t('message.clean'),
    onOk: async () => { await messageApi.clean(type); toast('success', t('message.deleted')); setSp({}); refresh(); },
  });

  return (
    <div className="msg-page">
      <Card className="msg-menu" size="small" title={t('message.title')}>
        <Menu mode="inline" selectedKeys={[tab]} onClick={({ key }) => navigate(`/message/${key}`)}
          items={TABS.map((x) => ({ key: x.seg, label: <span className="msg-menu-item">{t(x.label)} <Badge count={unread.data?.[x.counter] ?? 0} overflowCount={FORUM_LIMITS.badgeMax} size="small" /></span> }))} />
      </Card>
      <Card className="msg-list" title={t(def.label)} extra={<Button danger size="small" icon={<DeleteOutlined />} onClick={clean} disabled={!list.data?.total}>{t('message.clean')}</Button>}>
        {list.isLoading ? <Spin className="msg-spin" /> : !list.data?.records.length ? <Empty description={t('message.empty')} /> : list.data.records.map((m) => (
          <div className="msg-item" key={m.id} data-testid="msg-item">
            {'action' in m ? <EventMessage m={m} /> : <NoticeMessage m={m as SysMsgVo} />}
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('message.delete')} onClick={() => remove(m.id)} />
          </div>
        ))}
        <Pagination total={list.data?.total ?? 0} current={current} pageSize={size} showSizeChanger={false} onChange={(p) => setSp({ page: String(p) })} />
      </Card>
    </div>
  );
}
