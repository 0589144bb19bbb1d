import { z } from 'zod';

/** Admin → Backups (issue 34): the daily schedule and how many archives are kept. */
export const BACKUP_KEEP_DEFAULT = 7;
export const BACKUP_KEEP_MAX = 100;

export const backupSettingsBody = z.object({
  daily: z.boolean(),
  keep: z.number({ message: 'backupKeepRange' }).int('backupKeepRange').min(1, 'backupKeepRange').max(BACKUP_KEEP_MAX, 'backupKeepRange'),
});
export type BackupSettings = z.infer<typeof backupSettingsBody>;

/** An archive's file name in DATA_DIR/backups: what the list shows and a download names. */
export const BACKUP_NAME = /^verdict-\d{8}-\d{6}(-\d+)?\.zip$/;
export const backupNameQuery = z.object({ name: z.string().regex(BACKUP_NAME, 'backupNameInvalid') });

export interface BackupEntry { name: string; size: number; createdAt: number }
export interface BackupOverview {
  settings: BackupSettings;
  /** A backup is being written now (by this server or another process on the machine). */
  running: boolean;
  /** The last failure of a scheduled or started backup on this server, if the last run failed. */
  lastError: string | null;
  /** When the daily schedule last ran (or, on a new site, first looked): the next run is a day later. */
  lastRunAt: number | null;
  backups: BackupEntry[];
}
