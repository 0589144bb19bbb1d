import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    comment: {
      title: '评论', contestTitle: '比赛评论', placeholder: '写下你的评论（支持 Markdown）', submit: '评论', commentOk: '评论成功', replyOk: '回复成功',
      reply: '回复', replyTo: '回复 {{name}}', like: '点赞', delete: '删除', deleteConfirm: '确定要删除这条评论吗？', deleteReplyConfirm: '确定要删除这条回复吗？',
      deleted: '删除成功', loadMore: '加载更多', noMore: '没有更多评论了', empty: '暂无评论，来抢沙发吧', expand: '查看全部 {{n}} 条回复', collapse: '收起回复',
      cancel: '取消', loginToComment: '登录后参与评论', count: '{{title}} · 共 {{n}} 条', contestHint: '比赛进行中，你只能看到自己和比赛管理员的评论。',
    },
  },
  'en-US': {
    comment: {
      title: 'Comments', contestTitle: 'Contest comments', placeholder: 'Write a comment (Markdown)', submit: 'Comment', commentOk: 'Comment successfully', replyOk: 'Reply successfully',
      reply: 'Reply', replyTo: 'Reply to {{name}}', like: 'Like', delete: 'Delete', deleteConfirm: 'Are you sure you want to delete this comment?', deleteReplyConfirm: 'Are you sure you want to delete this reply?',
      deleted: 'Delete successfully', loadMore: 'Load more', noMore: 'No more comments', empty: 'No comments yet', expand: 'View all {{n}} replies', collapse: 'Collapse',
      cancel: 'Cancel', loginToComment: 'Log in to comment', count: '{{title}} ({{n}})', contestHint: 'While the contest runs you see only your own comments and those of the contest admins.',
    },
  },
};
export default bundle;
