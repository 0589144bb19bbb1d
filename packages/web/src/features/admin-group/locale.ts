import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminGroup: {
      title: '团队题目申请公开', keyword: '输入题目ID或标题', gid: '团队编号', problemId: '展示ID', problemTitle: '标题', type: '类型', judgeMode: '评测模式', author: '作者',
      examine: '审核', applying: '申请中', agreed: '同意', refused: '拒绝', empty: '暂无申请', updated: '修改成功', ok: '确定', cancel: '取消',
      approve: '同意公开', approveConfirm: '同意后题目 {{id}} 将加入公开题库并获得新的展示ID，确定吗？',
    },
  },
  'en-US': {
    adminGroup: {
      title: 'Group Problems Applying for Public', keyword: 'Problem ID or title', gid: 'Group No.', problemId: 'Display ID', problemTitle: 'Title', type: 'Type',
      judgeMode: 'Judge Mode', author: 'Author', examine: 'Examine', applying: 'Applying', agreed: 'Agreed', refused: 'Refused', empty: 'No applications',
      updated: 'Update Successfully', ok: 'OK', cancel: 'Cancel', approve: 'Approve',
      approveConfirm: 'Problem {{id}} will join the public problem bank with a new display ID. Continue?',
    },
  },
};
export default bundle;
