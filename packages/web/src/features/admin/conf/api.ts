import { queryOptions } from '@tanstack/react-query';
import { ADMIN_API, type DbAndRedisInfo, type EmailConfigBody, type EmailConfigInfo, type WebConfig, type WebConfigView } from '@verdict/shared';
import { api } from '../../../lib/request';
import { getCarousel } from '../../home';

export const confApi = {
  getEmail: () => api.get<EmailConfigInfo>(ADMIN_API.getEmailConfig),
  setEmail: (body: EmailConfigBody) => api.put<EmailConfigInfo | null>(ADMIN_API.setEmailConfig, body),
  testEmail: (email: string) => api.post<unknown>(ADMIN_API.testEmail, { email }),
  getWeb: () => api.get<WebConfigView>(ADMIN_API.getWebConfig),
  /** The carousel is left as it is (pictures are added and removed by their own calls). */
  setWeb: (body: Omit<WebConfig, 'carousel'>) => api.put<WebConfig | null>(ADMIN_API.setWebConfig, body),
  uploadCarousel: (file: File) => api.upload<{ link: string }>(ADMIN_API.uploadCarousel, file, 'image'),
  deleteCarousel: (link: string) => api.delete<WebConfig>(ADMIN_API.deleteCarousel, { link }),
  dbAndRedis: () => api.get<DbAndRedisInfo>(ADMIN_API.dbAndRedisConfig),
};

export const confKeys = {
  email: ['admin', 'email-config'] as const,
  web: ['admin', 'web-config'] as const,
  carousel: ['admin', 'carousel'] as const,
  dbRedis: ['admin', 'db-redis'] as const,
};
export const emailConfigQuery = () => queryOptions({ queryKey: confKeys.email, queryFn: confApi.getEmail });
export const webConfigQuery = () => queryOptions({ queryKey: confKeys.web, queryFn: confApi.getWeb });
/** The carousel's pictures as the home page loads them (keyed apart from the home's own entry). */
export const carouselPicturesQuery = () => queryOptions({ queryKey: confKeys.carousel, queryFn: getCarousel });
export const dbRedisQuery = () => queryOptions({ queryKey: confKeys.dbRedis, queryFn: confApi.dbAndRedis });
