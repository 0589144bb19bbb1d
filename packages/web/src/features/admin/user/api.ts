import { ADMIN_API, type AdminUserRow, type Page, type BatchInsertResult, type GenerateUserResult } from '@verdict/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, call, download } from '../../../lib/request';

export interface UserListQuery { currentPage: number; limit: number; keyword?: string; onlyAdmin?: boolean }
export interface EditUserBody {
  uid: number; username: string; realname?: string | null; email?: string | null; password?: string | null;
  role: number; status: number; titleName?: string | null; titleColor?: string | null;
}
export interface GenerateBody { prefix: string; suffix: string; numberFrom: number; numberTo: number; passwordLength: number }

export const userAdminApi = {
  list: (q: UserListQuery) => api.get<Page<AdminUserRow>>(ADMIN_API.userList, { ...q, keyword: q.keyword || undefined, onlyAdmin: q.onlyAdmin || undefined }),
  edit: (body: EditUserBody) => api.put<null>(ADMIN_API.editUser, body),
  remove: async (ids: number[]) => (await call<null>({ url: ADMIN_API.deleteUser, method: 'DELETE', data: { ids } })).data,
  insertBatch: (users: string[][]) => api.post<BatchInsertResult>(ADMIN_API.insertBatchUser, { users }),
  generate: (body: GenerateBody) => api.post<GenerateUserResult>(ADMIN_API.generateUser, body),
  downloadGenerated: (key: string) => download(ADMIN_API.generatedUserFile, { key }, 'generated-users.csv'),
};

export const userAdminKeys = {
  all: ['admin', 'users'] as const,
  list: (page: object, keyword: string, onlyAdmin: boolean) => ['admin', 'users', page, keyword, onlyAdmin] as const,
};
export const adminUsersQuery = (page: { currentPage: number; limit: number }, keyword: string, onlyAdmin: boolean) =>
  queryOptions({ queryKey: userAdminKeys.list(page, keyword, onlyAdmin), queryFn: () => userAdminApi.list({ ...page, keyword, onlyAdmin }) });
export const invalidateAdminUsers = (qc: QueryClient) => qc.invalidateQueries({ queryKey: userAdminKeys.all });
