import { ADMIN_API, type EmailConfigBody, type EmailConfigInfo, type WebConfig, type WebConfigView } from '@verdict/shared';
import { api } from '../../../lib/request';

export const confApi = {
  getEmail: () => api.get<EmailConfigInfo>(ADMIN_API.getEmailConfig),
  setEmail: (body: EmailConfigBody) => api.put<EmailConfigInfo | null>(ADMIN_API.setEmailConfig, body),
  testEmail: (email: string) => api.post<unknown>(ADMIN_API.testEmail, { email }),
  getWeb: () => api.get<WebConfigView>(ADMIN_API.getWebConfig),
  /** The carousel is left as it is (pictures are added and removed by their own calls). */
  setWeb: (body: Omit<WebConfig, 'carousel'>) => api.put<WebConfig | null>(ADMIN_API.setWebConfig, body),
  uploadCarousel: (file: File) => api.upload<{ link: string }>(ADMIN_API.uploadCarousel, file, 'image'),
  deleteCarousel: (link: string) => api.delete<WebConfig>(ADMIN_API.deleteCarousel, { link }),
};
