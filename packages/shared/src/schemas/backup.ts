import { z } from 'zod';
import { vo } from './common.js';
import { epochMs } from './site.js';

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

export const backupEntry = vo({ name: z.string(), size: z.number().int(), createdAt: z.number().describe('the file\'s mtime, ms since the epoch (may have a fraction)') });
export type BackupEntry = z.infer<typeof backupEntry>;
export const backupOverview = vo({
  settings: vo({ daily: z.boolean(), keep: z.number().int() }),
  /** A backup is being written now (by this server or another process on the machine). */
  running: z.boolean(),
  /** The last failure of a scheduled or started backup on this server, if the last run failed. */
  lastError: z.string().nullable(),
  /** When the daily schedule last ran (or, on a new site, first looked): the next run is a day later. */
  lastRunAt: epochMs.nullable(),
  backups: z.array(backupEntry),
});
export type BackupOverview = z.infer<typeof backupOverview>;
/** POST admin/backup/start: the archive being written. */
export const backupStarted = vo({ name: z.string() });
