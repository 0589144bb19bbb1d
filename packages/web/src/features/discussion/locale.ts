import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    discussion: {
      title: '讨论区', problemTitle: '题目 {{pid}} 的讨论', categories: '分类', all: '全部', search: '搜索标题、描述、作者或ID', onlyMine: '只看我的',
      create: '发布讨论', createForProblem: '发布题目讨论', editCategories: '编辑分类', pinned: '置顶', problem: '题目', views: '浏览', likes: '点赞',
      comments: '评论', releaseTime: '发布于', empty: '暂无讨论', backToList: '返回讨论列表',
      dialogCreate: '发布讨论', dialogEdit: '编辑讨论', fieldTitle: '标题', fieldDescription: '描述', fieldCategory: '分类', fieldTop: '置顶',
      fieldContent: '内容（Markdown）', fieldPid: '关联题目', write: '编辑', preview: '预览', submit: '发布', save: '保存', cancel: '取消',
      posted: '发布成功', updated: '修改成功', deleted: '删除成功', deleteConfirm: '确定要删除这条讨论吗？', edit: '编辑', delete: '删除',
      like: '点赞', liked: '已点赞', likeOk: '点赞成功', unlikeOk: '取消点赞成功', report: '举报', reportTitle: '举报讨论', reportTags: '举报标签',
      reportReason: '举报原因（不超过200字）', reportOk: '举报成功', disabledTag: '已封禁',
      tags: { spam: '垃圾广告', illegal: '违法信息', pornographic: '色情', fraud: '赌博诈骗', abuse: '恶意辱骂', plagiarism: '抄袭' },
      categoryName: '分类名称', addCategory: '添加分类', categoriesSaved: '分类已保存', removeCategory: '删除',
      notFoundTitle: '讨论不存在或无法访问',
    },
  },
  'en-US': {
    discussion: {
      title: 'Discussion', problemTitle: 'Discussions of problem {{pid}}', categories: 'Categories', all: 'All', search: 'Search title, description, author or ID', onlyMine: 'Only mine',
      create: 'Post', createForProblem: 'Post Problem Discussion', editCategories: 'Edit categories', pinned: 'Top', problem: 'Problem', views: 'Views', likes: 'Likes',
      comments: 'Comments', releaseTime: 'Posted', empty: 'No discussions yet', backToList: 'Back to the discussions',
      dialogCreate: 'Post a discussion', dialogEdit: 'Edit the discussion', fieldTitle: 'Title', fieldDescription: 'Description', fieldCategory: 'Category', fieldTop: 'Top',
      fieldContent: 'Content (Markdown)', fieldPid: 'Problem', write: 'Write', preview: 'Preview', submit: 'Post', save: 'Save', cancel: 'Cancel',
      posted: 'Post successfully', updated: 'Update Successfully', deleted: 'Delete successfully', deleteConfirm: 'Are you sure you want to delete this discussion?', edit: 'Edit', delete: 'Delete',
      like: 'Like', liked: 'Liked', likeOk: 'Like Successfully', unlikeOk: 'Cancel Like Successfully', report: 'Report', reportTitle: 'Report the discussion', reportTags: 'Tags',
      reportReason: 'Reason (at most 200 characters)', reportOk: 'Report successfully', disabledTag: 'Disabled',
      tags: { spam: 'Spam ads', illegal: 'Illegal', pornographic: 'Pornographic', fraud: 'Gambling or fraud', abuse: 'Malicious abuse', plagiarism: 'Plagiarism' },
      categoryName: 'Category name', addCategory: 'Add category', categoriesSaved: 'Categories saved', removeCategory: 'Remove',
      notFoundTitle: 'The discussion does not exist or cannot be opened',
    },
  },
};
export default bundle;
