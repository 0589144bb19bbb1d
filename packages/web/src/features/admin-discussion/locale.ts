import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminDiscussion: {
      title: '讨论管理', discussions: '讨论列表', reports: '举报列表', search: '搜索标题、描述、作者或ID', id: 'ID', titleCol: '标题', author: '作者',
      likeNum: '点赞', viewNum: '浏览', created: '发布时间', status: '状态', normal: '正常', disabled: '封禁', top: '置顶', option: '操作',
      view: '查看', delete: '删除', deleteConfirm: '确定要删除这条讨论吗？', updated: '修改成功', deleted: '删除成功',
      reporter: '举报者', content: '举报内容', discussion: '讨论', handled: '已处理', handle: '标记已处理', unhandle: '标记未处理', pending: '未处理',
      selected: '删除所选',
    },
  },
  'en-US': {
    adminDiscussion: {
      title: 'Discussions', discussions: 'Discussions', reports: 'Reports', search: 'Search title, description, author or ID', id: 'ID', titleCol: 'Title', author: 'Author',
      likeNum: 'Likes', viewNum: 'Views', created: 'Posted', status: 'Status', normal: 'Normal', disabled: 'Disabled', top: 'Top', option: 'Option',
      view: 'View', delete: 'Delete', deleteConfirm: 'Delete this discussion?', updated: 'Update Successfully', deleted: 'Delete successfully',
      reporter: 'Reporter', content: 'Content', discussion: 'Discussion', handled: 'Handled', handle: 'Mark handled', unhandle: 'Mark open', pending: 'Open',
      selected: 'Delete selected',
    },
  },
};
export default bundle;
