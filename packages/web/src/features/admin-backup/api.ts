import type { BackupOverview, BackupSettings } from '@verdict/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../../lib/request';

/** Admin → Backups (root only). */
export const backupApi = {
  overview: () => api.get<BackupOverview>('/admin/backup/list'),
  start: () => api.post<{ name: string }>('/admin/backup/start'),
  saveSettings: (body: BackupSettings) => api.put<BackupOverview>('/admin/backup/settings', body),
  download: (name: string) => download('/admin/backup/download', { name }, name),
};

export const backupKeys = { overview: ['admin', 'backup'] as const };
export const backupOverviewQuery = () => queryOptions({ queryKey: backupKeys.overview, queryFn: backupApi.overview });
