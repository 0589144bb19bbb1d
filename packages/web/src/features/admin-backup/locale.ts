import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminBackup: {
      menu: '备份', title: '备份', start: '立即备份', started: '已开始备份：{{name}}', running: '正在写入备份…',
      hint: '备份包含数据库快照、上传文件、测试数据和站点密钥（含密码哈希），请妥善保管。恢复：npm run restore -- --from 文件。',
      schedule: '定时备份', daily: '每日自动备份', dailyDesc: '每天一次，由站点的一个服务进程写入 DATA_DIR/backups',
      keep: '保留份数', keepDesc: '只保留最新的若干份备份（1 到 100），更早的自动删除', save: '保存', saved: '保存成功',
      list: '已保留的备份', name: '文件名', size: '大小', time: '时间', download: '下载', empty: '还没有备份',
      nextRun: '下次定时备份：约 {{time}}', lastError: '上次备份失败：{{msg}}', keepRange: '保留的备份数应在 1 到 100 之间',
    },
  },
  'en-US': {
    adminBackup: {
      menu: 'Backups', title: 'Backups', start: 'Back up now', started: 'Backup started: {{name}}', running: 'A backup is being written…',
      hint: 'An archive holds the database snapshot, uploaded files, test data and the site secrets (password hashes included): keep it safe. Restore: npm run restore -- --from FILE.',
      schedule: 'Schedule', daily: 'Daily backup', dailyDesc: 'Once a day, written by one server process of the site into DATA_DIR/backups',
      keep: 'Archives kept', keepDesc: 'Only the newest archives are kept (1 to 100); older ones are deleted', save: 'Save', saved: 'Saved',
      list: 'Kept archives', name: 'File', size: 'Size', time: 'Time', download: 'Download', empty: 'No backups yet',
      nextRun: 'Next daily backup: about {{time}}', lastError: 'The last backup failed: {{msg}}', keepRange: 'Keep between 1 and 100 backups',
    },
  },
};
export default bundle;
