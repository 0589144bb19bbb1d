import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminTraining: {
      list: '训练列表', create: '创建训练', edit: '编辑训练', keyword: '输入训练ID、标题或作者', id: 'ID', rank: '排序', title: '标题', auth: '权限',
      category: '分类', author: '作者', visible: '可见', modified: '最近更新', option: '操作', problems: '题目列表', delete: '删除', deleteConfirm: '确定删除该训练吗？训练题目、注册记录和记录榜将一起删除。',
      deleted: '删除成功', updated: '修改成功', created: '创建成功', added: '添加成功', save: '保存', back: '返回',
      description: '描述', password: '密码', rankShowName: '记录榜显示', username: '用户名', nickname: '昵称', realname: '真实姓名', choose: '请选择分类',
      noCategory: '暂无训练分类，请先创建训练分类！', noCategoryTitle: '提示', toCategory: '前往分类管理',
      problemList: '训练题目', addFromPublic: '从公共题库添加', problemId: '题目ID', displayId: '训练展示ID', order: '顺序', remove: '移除', removeConfirm: '确定将该题目从训练中移除吗？',
      searchProblem: '输入题目ID或标题', add: '添加', type: '类型',
      categories: '训练分类', name: '名称', color: '颜色', newCategory: '新建分类', categoryDeleteConfirm: '确定删除该分类吗？',
    },
  },
  'en-US': {
    adminTraining: {
      list: 'Training List', create: 'Create Training', edit: 'Edit Training', keyword: 'Training ID, title or author', id: 'ID', rank: 'Rank', title: 'Title', auth: 'Auth',
      category: 'Category', author: 'Author', visible: 'Visible', modified: 'Last modified', option: 'Option', problems: 'Problems', delete: 'Delete', deleteConfirm: 'Delete this training? Its problem list, registrations and rank go with it.',
      deleted: 'Delete Successfully', updated: 'Update Successfully', created: 'Create Successfully', added: 'Add Successfully', save: 'Save', back: 'Back',
      description: 'Description', password: 'Password', rankShowName: 'Rank shows', username: 'Username', nickname: 'Nickname', realname: 'Real name', choose: 'Choose a category',
      noCategory: 'There is no training category yet: please create one first!', noCategoryTitle: 'Notice', toCategory: 'Go to categories',
      problemList: 'Training Problems', addFromPublic: 'Add From Public Problem', problemId: 'Problem ID', displayId: 'Display ID', order: 'Order', remove: 'Remove', removeConfirm: 'Remove this problem from the training?',
      searchProblem: 'Problem ID or title', add: 'Add', type: 'Type',
      categories: 'Training Categories', name: 'Name', color: 'Colour', newCategory: 'New category', categoryDeleteConfirm: 'Delete this category?',
    },
  },
};
export default bundle;
