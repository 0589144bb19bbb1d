import type { ChangeEmailVo, UserInfo } from '@verdict/shared';
import { api } from '../../lib/request';

export interface UserInfoPatch {
  nickname?: string | null;
  realname?: string | null;
  school?: string | null;
  course?: string | null;
  number?: string | null;
  gender?: 'male' | 'female' | 'secrecy' | null;
  signature?: string | null;
  github?: string | null;
  blog?: string | null;
  cfUsername?: string | null;
}

export const settingApi = {
  changePassword: (oldPassword: string, newPassword: string) => api.post<null>('/change-password', { oldPassword, newPassword }),
  changeEmailCode: (email: string) => api.get<{ email: string; delivered: boolean }>('/get-change-email-code', { email }),
  changeEmail: (password: string, newEmail: string, code: string) => api.post<ChangeEmailVo>('/change-email', { password, newEmail, code }),
  changeUserInfo: (patch: UserInfoPatch) => api.post<UserInfo>('/change-userInfo', patch),
  uploadAvatar: (png: Blob) => api.upload<UserInfo>('/file/upload-avatar', new File([png], 'avatar.png', { type: 'image/png' }), 'image'),
};
