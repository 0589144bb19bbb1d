import { ADMIN_API, type EmailConfigBody, type EmailConfigInfo, type WebConfig } from '@verdict/shared';
import { api } from '../../../lib/request';

export const confApi = {
  getEmail: () => api.get<EmailConfigInfo>(ADMIN_API.getEmailConfig),
  setEmail: (body: EmailConfigBody) => api.put<EmailConfigInfo | null>(ADMIN_API.setEmailConfig, body),
  testEmail: (email: string) => api.post<unknown>(ADMIN_API.testEmail, { email }),
  getWeb: () => api.get<WebConfig>(ADMIN_API.getWebConfig),
  setWeb: (body: WebConfig) => api.put<WebConfig | null>(ADMIN_API.setWebConfig, body),
  uploadCarousel: (file: File) => api.upload<{ link: string }>(ADMIN_API.uploadCarousel, file, 'image'),
  deleteCarousel: (link: string) => api.delete<WebConfig>(ADMIN_API.deleteCarousel, { link }),
};
