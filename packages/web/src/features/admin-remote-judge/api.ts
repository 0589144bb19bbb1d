import type { RemoteAccountInfo, RemoteProblemPreview, RemoteSiteInfo } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/request';

export type { RemoteAccountInfo, RemoteProblemPreview, RemoteSiteInfo };

/** Remote-judge admin calls: HOJ's import, and Verdict's preview, re-fetch, site switches and account pool. */
export const remoteJudgeApi = {
  sites: () => api.get<RemoteSiteInfo[]>('/admin/remote-judge/site'),
  setSite: (body: { oj: string; enabled: boolean; baseUrl: string }) => api.put<RemoteSiteInfo>('/admin/remote-judge/site', body),
  accounts: () => api.get<RemoteAccountInfo[]>('/admin/remote-judge/account'),
  addAccount: (body: { oj: string; username: string; password: string; enabled: boolean }) => api.post<RemoteAccountInfo>('/admin/remote-judge/account', body),
  updateAccount: (body: { id: number; username?: string; password?: string; enabled?: boolean }) => api.put<RemoteAccountInfo>('/admin/remote-judge/account', body),
  removeAccount: async (id: number) => (await call<null>({ url: '/admin/remote-judge/account', method: 'DELETE', params: { id } })).data,
  preview: (name: string, problemId: string) => api.get<RemoteProblemPreview>('/admin/remote-judge/preview', { name, problemId }),
  importProblem: (name: string, problemId: string) => api.get<null>('/admin/problem/import-remote-oj-problem', { name, problemId }),
  refetch: (pid: number) => call<{ pid: number; problemId: string; title: string }>({ url: '/admin/remote-judge/refetch', method: 'PUT', params: { pid } }),
};

export const remoteJudgeKeys = {
  sites: ['admin', 'remote-judge', 'sites'] as const,
  accounts: ['admin', 'remote-judge', 'accounts'] as const,
};
export const remoteSitesQuery = () => queryOptions({ queryKey: remoteJudgeKeys.sites, queryFn: remoteJudgeApi.sites });
export const remoteAccountsQuery = () => queryOptions({ queryKey: remoteJudgeKeys.accounts, queryFn: remoteJudgeApi.accounts });
export function invalidateRemoteJudge(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: remoteJudgeKeys.sites });
  void qc.invalidateQueries({ queryKey: remoteJudgeKeys.accounts });
}
