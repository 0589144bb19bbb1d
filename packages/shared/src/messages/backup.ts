/** Messages of the admin Backups page (issue 34). */
export const BACKUP_MSG = {
  backupRunning: { en: 'A backup is already being written: wait for it to finish', zh: '已有备份正在写入，请等待其完成' },
  backupNameInvalid: { en: 'This is not the name of a backup archive', zh: '这不是备份文件的名称' },
  backupNotFound: { en: 'There is no backup named {name}', zh: '没有名为 {name} 的备份' },
  backupKeepRange: { en: 'Keep between 1 and 100 backups', zh: '保留的备份数应在 1 到 100 之间' },
} as const;
