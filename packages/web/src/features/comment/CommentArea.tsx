import { useState } from 'react';
import { App, Button, Card, Empty, Input, Space, Spin, Typography } from 'antd';
import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FORUM_LIMITS } from '@verdict/shared';
import { Markdown, RoleBadge, UserAvatar } from '../../components';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n';
import { openAuthModal, useAuth } from '../../stores/user';
import { commentApi, commentsQuery, invalidateComments, type CommentPlace, type CommentVo, type ReplyVo } from './api';
import './comment.css';

/**
 * Who may do what, as the server decides it (spec 01 §6): authors delete their own; on
 * discussions any admin role deletes; on contest comments the contest admin. In a contest a
 * reply to someone else's comment is offered to the contest admin, or under the owner's or root's comments.
 */
export interface CommentRules { contestAdmin?: boolean; contestOwnerUid?: number }

/** Spec 01 §5: blank → 'Content cannot be empty', over 10000 → its message. */
function checkContent(text: string): string | null {
  if (!text.trim()) return msg('contentEmpty');
  if (text.length > FORUM_LIMITS.commentMax) return msg('contentTooLong');
  return null;
}

function Editor({ placeholder, busy, onSubmit, onCancel, submitText, autoFocus }: {
  placeholder: string; busy: boolean; onSubmit: (text: string) => Promise<boolean>; onCancel?: () => void; submitText: string; autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = async () => {
    const bad = checkContent(text);
    if (bad) return toast('warning', bad);
    if (await onSubmit(text)) setText('');
  };
  return (
    <div className="comment-editor">
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} autoSize={{ minRows: 2, maxRows: 10 }}
        autoFocus={autoFocus} aria-label={placeholder} showCount={text.length > FORUM_LIMITS.commentMax - 500} maxLength={FORUM_LIMITS.commentMax + 1} />
      <Space className="comment-editor-actions">
        {onCancel && <Button onClick={onCancel}>{t('comment.cancel')}</Button>}
        <Button type="primary" loading={busy} onClick={() => void submit()}>{submitText}</Button>
      </Space>
    </div>
  );
}

function Author({ name, avatar, role, titleName, titleColor, time, size = 36 }: {
  name: string; avatar: string | null; role: string; titleName?: string | null; titleColor?: string | null; time: number; size?: number;
}) {
  return (
    <div className="comment-author">
      <UserAvatar username={name} src={avatar} size={size} />
      <div>
        <Space size={4} wrap>
          <Typography.Text strong>{name}</Typography.Text>
          <RoleBadge role={role} />
          {titleName && <span className="comment-title-tag" style={{ background: titleColor ?? '#888' }}>{titleName}</span>}
        </Space>
        <div className="comment-time">{dayjs(time).format('YYYY-MM-DD HH:mm')}</div>
      </div>
    </div>
  );
}

/** The comment area (spec 01): new-comment box, comments with replies, load more. Used on discussions and the contest Comment tab. */
/** `onChanged`: after a comment or reply is added or removed (a discussion reloads its counts). */
export function CommentArea({ place, rules = {}, onChanged }: { place: CommentPlace; rules?: CommentRules; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const auth = useAuth();
  const me = auth.user?.uid ? Number(auth.user.uid) : null;
  const [busy, setBusy] = useState(false);
  const [replying, setReplying] = useState<{ commentId: number; quote: { id: number; type: 'Comment' | 'Reply'; toUid: number }; name: string } | null>(null);
  const [expanded, setExpanded] = useState<Record<number, ReplyVo[] | undefined>>({});
  const size = FORUM_LIMITS.commentPageSize;

  const q = useInfiniteQuery(commentsQuery(place, size));
  const comments = q.data?.pages.flatMap((p) => p.commentList.records) ?? [];
  const likeMap = Object.assign({}, ...(q.data?.pages.map((p) => p.commentLikeMap) ?? [])) as Record<number, boolean>;
  const total = q.data?.pages[0]?.commentList.total ?? 0;
  const refresh = () => invalidateComments(qc, place);

  const needLogin = () => {
    if (auth.isLoggedIn) return false;
    toast('warning', msg('loginFirst'));
    openAuthModal('login');
    return true;
  };
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try { await fn(); toast('success', ok); await refresh(); onChanged?.(); return true; } catch { return false; } finally { setBusy(false); }
  };
  const isCommentAdmin = place.cid ? !!rules.contestAdmin : auth.canEnterAdmin;
  const canDelete = (uid: number) => me === uid || isCommentAdmin;
  const canReply = (c: CommentVo) => !place.cid || me === c.fromUid || !!rules.contestAdmin || c.fromUid === rules.contestOwnerUid || c.fromRole === 'root';

  const like = async (c: CommentVo) => {
    if (needLogin()) return;
    const liked = !!likeMap[c.id];
    try {
      await commentApi.like(place, c.id, !liked);
      toast('success', liked ? t('discussion.unlikeOk') : t('discussion.likeOk'));
      await refresh();
    } catch { /* shown by the request layer */ }
  };
  const confirmDelete = (title: string, fn: () => Promise<unknown>) => modal.confirm({
    title, okType: 'danger', okText: t('comment.delete'), cancelText: t('comment.cancel'),
    onOk: async () => { await run(fn, t('comment.deleted')); setExpanded({}); },
  });
  const expand = async (c: CommentVo) => {
    if (expanded[c.id]) return setExpanded({ ...expanded, [c.id]: undefined });
    try { setExpanded({ ...expanded, [c.id]: await commentApi.replies(c.id, place.cid) }); } catch { /* shown */ }
  };
  const startReply = (commentId: number, quote: { id: number; type: 'Comment' | 'Reply'; toUid: number }, name: string) => {
    if (needLogin()) return;
    setReplying({ commentId, quote, name });
  };

  return (
    <Card className="comment-area" title={t('comment.count', { title: place.cid ? t('comment.contestTitle') : t('comment.title'), n: total })} data-testid="comment-area">
      {auth.isLoggedIn ? (
        <Editor placeholder={t('comment.placeholder')} busy={busy} submitText={t('comment.submit')}
          onSubmit={(text) => run(() => commentApi.add(place, text), t('comment.commentOk'))} />
      ) : (
        <Button block onClick={() => needLogin()}>{t('comment.loginToComment')}</Button>
      )}
      {place.cid && !rules.contestAdmin && <Typography.Paragraph type="secondary" className="comment-hint">{t('comment.contestHint')}</Typography.Paragraph>}
      {q.isLoading ? <Spin className="comment-spin" /> : comments.length === 0 ? <Empty description={t('comment.empty')} /> : null}
      {comments.map((c) => {
        const replies = expanded[c.id] ?? c.replyList;
        return (
          <div className="comment-item" key={c.id} data-testid="comment-item">
            <Author name={c.fromName} avatar={c.fromAvatar} role={c.fromRole} titleName={c.fromTitleName} titleColor={c.fromTitleColor} time={c.gmtCreate} />
            <div className="comment-body">
              <Markdown source={c.content} />
              <Space className="comment-actions" size={12} wrap>
                <Button type="text" size="small" icon={likeMap[c.id] ? <LikeFilled /> : <LikeOutlined />} onClick={() => void like(c)} aria-label={t('comment.like')}>{c.likeNum}</Button>
                {canReply(c) && <Button type="text" size="small" icon={<MessageOutlined />} onClick={() => startReply(c.id, { id: c.id, type: 'Comment', toUid: c.fromUid }, c.fromName)}>{t('comment.reply')}</Button>}
                {me !== null && canDelete(c.fromUid) && (
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(t('comment.deleteConfirm'), () => commentApi.remove(place, c))}>{t('comment.delete')}</Button>
                )}
              </Space>
              {replies.length > 0 && (
                <div className="comment-replies">
                  {replies.map((r) => (
                    <div className="comment-reply" key={r.id} data-testid="comment-reply">
                      <Author name={r.fromName} avatar={r.fromAvatar} role={r.fromRole} titleName={r.fromTitleName} titleColor={r.fromTitleColor} time={r.gmtCreate} size={28} />
                      <div className="comment-body">
                        {r.toName && r.toUid !== c.fromUid && <Typography.Text type="secondary">@{r.toName} </Typography.Text>}
                        <Markdown source={r.content} />
                        <Space className="comment-actions" size={12}>
                          {canReply(c) && <Button type="text" size="small" icon={<MessageOutlined />} onClick={() => startReply(c.id, { id: r.id, type: 'Reply', toUid: r.fromUid }, r.fromName)}>{t('comment.reply')}</Button>}
                          {me !== null && canDelete(r.fromUid) && (
                            <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(t('comment.deleteReplyConfirm'), () => commentApi.removeReply(place, r))}>{t('comment.delete')}</Button>
                          )}
                        </Space>
                      </div>
                    </div>
                  ))}
                </div>
              )}
              {c.totalReplyNum > FORUM_LIMITS.repliesShown && (
                <Button type="link" size="small" onClick={() => void expand(c)}>{expanded[c.id] ? t('comment.collapse') : t('comment.expand', { n: c.totalReplyNum })}</Button>
              )}
              {replying?.commentId === c.id && (
                <Editor autoFocus placeholder={t('comment.replyTo', { name: replying.name })} busy={busy} submitText={t('comment.reply')} onCancel={() => setReplying(null)}
                  onSubmit={async (text) => {
                    const ok = await run(() => commentApi.reply(place, c.id, text, replying.quote), t('comment.replyOk'));
                    if (ok) { setReplying(null); if (expanded[c.id]) setExpanded({ ...expanded, [c.id]: await commentApi.replies(c.id, place.cid) }); }
                    return ok;
                  }} />
              )}
            </div>
          </div>
        );
      })}
      {comments.length > 0 && (
        <div className="comment-more">
          {q.hasNextPage
            ? <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>{t('comment.loadMore')}</Button>
            : <Typography.Text type="secondary">{t('comment.noMore')}</Typography.Text>}
        </div>
      )}
    </Card>
  );
}
