import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    message: {
      title: '消息中心', discuss: '评论我的', reply: '回复我的', like: '收到的赞', sys: '系统通知', mine: '我的消息',
      clean: '清空', cleanConfirm: '确定要清空该类消息吗？', delete: '删除', deleteConfirm: '确定要删除这条消息吗？', deleted: '删除成功', empty: '暂无消息',
      commentedOn: '评论了我的讨论', repliedTo: '回复了我的', likedPost: '赞了我的讨论', likedComment: '赞了我的评论', comment: '评论', replyWord: '回复',
      source: '来源', discussionSource: '讨论', contestSource: '比赛', open: '查看', unread: '未读',
    },
  },
  'en-US': {
    message: {
      title: 'Messages', discuss: 'Comments', reply: 'Replies', like: 'Likes', sys: 'System', mine: 'Mine',
      clean: 'Clean', cleanConfirm: 'Delete all messages of this tab?', delete: 'Delete', deleteConfirm: 'Delete this message?', deleted: 'Delete successfully', empty: 'No messages',
      commentedOn: 'commented on my discussion', repliedTo: 'replied to my', likedPost: 'liked my discussion', likedComment: 'liked my comment', comment: 'comment', replyWord: 'reply',
      source: 'Source', discussionSource: 'Discussion', contestSource: 'Contest', open: 'Open', unread: 'Unread',
    },
  },
};
export default bundle;
