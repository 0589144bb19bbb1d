import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    training: {
      list: '训练列表', keyword: '输入训练标题或作者', allCategory: '全部分类', allAuth: '全部权限', search: '搜索', category: '分类',
      rank: '排序', title: '标题', auth: '权限', problemCount: '题目数', progress: '我的进度', author: '作者', modified: '最近更新',
      Public: '公开训练', Private: '私有训练', authTip: { Public: '公开训练：所有人都可以进入', Private: '私有训练：需要密码才能进入' },
      empty: '暂无训练', loginFirst: '请先登录！', notFound: '训练不存在或无权查看', back: '返回训练列表',
      home: '训练首页', problems: '题目列表', rankTab: '记录榜', description: '训练简介',
      passwordTitle: '本训练为私有训练，请输入密码', passwordPlaceholder: '输入训练密码', register: '进入训练', registered: '注册训练成功',
      pid: '题号', problemTitle: '题目', difficulty: '难度', tags: '标签', acTotal: '通过 / 提交', acRate: '通过率', status: '状态',
      user: '用户', realname: '真实姓名', totalAc: '总AC数', totalTime: '总耗时', rankSearch: '搜索用户名、真实姓名或学校', own: '我', girl: '女',
      focus: '专注模式', exitFocus: '退出专注模式', myProgress: '已通过 {{ac}} / {{n}}', noProblems: '本训练暂无题目', inTraining: '训练',
      userPanel: '排名与训练', acmPosition: 'ACM 排名', oiPosition: 'OI 排名', noneYet: '还没有训练进度',
    },
  },
  'en-US': {
    training: {
      list: 'Training List', keyword: 'Enter a title or an author', allCategory: 'All categories', allAuth: 'All auth', search: 'Search', category: 'Category',
      rank: 'Rank', title: 'Title', auth: 'Auth', problemCount: 'Problems', progress: 'My progress', author: 'Author', modified: 'Last modified',
      Public: 'Public', Private: 'Private', authTip: { Public: 'Public training: open to everyone', Private: 'Private training: a password is needed to enter' },
      empty: 'No training', loginFirst: 'Please login first!', notFound: 'The training does not exist or you may not see it', back: 'Back to the training list',
      home: 'Training Home', problems: 'Problems', rankTab: 'Record List', description: 'Description',
      passwordTitle: 'This training is private: enter its password', passwordPlaceholder: 'Enter the training password', register: 'Enter', registered: 'Register training successfully',
      pid: 'ID', problemTitle: 'Problem', difficulty: 'Level', tags: 'Tags', acTotal: 'AC / Total', acRate: 'AC Rate', status: 'Status',
      user: 'User', realname: 'Real name', totalAc: 'Total AC', totalTime: 'Total time', rankSearch: 'Search username, real name or school', own: 'Own', girl: 'Girl',
      focus: 'Focus mode', exitFocus: 'Leave focus mode', myProgress: 'Solved {{ac}} / {{n}}', noProblems: 'This training has no problems yet', inTraining: 'Training',
      userPanel: 'Ranks and trainings', acmPosition: 'ACM rank', oiPosition: 'OI rank', noneYet: 'No training progress yet',
    },
  },
};
export default bundle;
