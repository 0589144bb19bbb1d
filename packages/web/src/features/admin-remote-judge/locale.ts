import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminRemoteJudge: {
      menuPool: '远程评测', menuImport: '导入远程题目',
      sites: '远程评测站点', site: '站点', enabled: '开启', baseUrl: '站点地址', baseUrlHint: '留空使用官方地址', supported: '支持',
      unsupported: '暂不支持', languages: '语言数', accounts: '账号', free: '空闲', pool: '账号池', save: '保存', saved: '保存成功',
      accountList: '账号池', addAccount: '添加账号', editAccount: '编辑账号', username: '用户名', password: '密码 / API key',
      passwordKeep: '留空则保留原密码', status: '状态', busy: '使用中', idle: '空闲', disabledTag: '已停用', lastError: '最近错误',
      lastUsed: '最近使用', actions: '操作', edit: '编辑', delete: '删除', deleteConfirm: '确定删除该账号吗？', created: '添加成功',
      updated: '修改成功', deleted: '删除成功', usernameRequired: '用户名不能为空', passwordRequired: '密码不能为空',
      importTitle: '导入远程题目', importHint: '先预览题目，确认后导入；导入的题目在原站评测，不能添加测试数据。',
      oj: '远程 OJ', problemId: '原站题号', problemIdRequired: '请输入原站题号', ojRequired: '请选择远程 OJ', preview: '预览', import: '导入',
      imported: '导入成功', exists: '该题目已导入，可在题目列表中重新抓取', timeLimit: '时间限制', memoryLimit: '内存限制', tags: '标签', source: '来源',
      examples: '样例', input: '输入', output: '输出', noSites: '没有开启的远程评测，请先在“远程评测”中开启站点并添加账号', displayId: '本站题号',
      openProblem: '查看题目', refetch: '重新抓取', refetched: '已重新抓取：{{title}}',
    },
  },
  'en-US': {
    adminRemoteJudge: {
      menuPool: 'Remote Judges', menuImport: 'Remote Import',
      sites: 'Remote judge sites', site: 'Site', enabled: 'On', baseUrl: 'Base URL', baseUrlHint: 'Empty: the real site', supported: 'Supported',
      unsupported: 'Not supported yet', languages: 'Languages', accounts: 'Accounts', free: 'free', pool: 'Pool', save: 'Save', saved: 'Saved',
      accountList: 'Account pool', addAccount: 'Add account', editAccount: 'Edit account', username: 'Username', password: 'Password / API key',
      passwordKeep: 'Leave empty to keep the saved one', status: 'Status', busy: 'Busy', idle: 'Idle', disabledTag: 'Disabled', lastError: 'Last error',
      lastUsed: 'Last used', actions: 'Actions', edit: 'Edit', delete: 'Delete', deleteConfirm: 'Delete this account?', created: 'Added',
      updated: 'Update Successfully', deleted: 'Delete Successfully', usernameRequired: 'The username is required', passwordRequired: 'The password is required',
      importTitle: 'Import a remote problem', importHint: 'Preview the problem first, then import it; it is judged on its home site and cannot have test cases here.',
      oj: 'Remote OJ', problemId: 'Problem ID on the site', problemIdRequired: 'Enter the problem ID of the site', ojRequired: 'Choose a remote OJ', preview: 'Preview', import: 'Import',
      imported: 'Imported', exists: 'Already imported; re-fetch it from the problem list', timeLimit: 'Time limit', memoryLimit: 'Memory limit', tags: 'Tags', source: 'Source',
      examples: 'Examples', input: 'Input', output: 'Output', noSites: 'No remote judge is switched on: switch a site on and add an account under Remote Judges first', displayId: 'Problem ID here',
      openProblem: 'Open problem', refetch: 'Re-fetch', refetched: 'Re-fetched: {{title}}',
    },
  },
};
export default bundle;
