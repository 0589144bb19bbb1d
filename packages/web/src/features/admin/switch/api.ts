import { queryOptions } from '@tanstack/react-query';
import { ADMIN_API, type SwitchConfig } from '@verdict/shared';
import { api } from '../../../lib/request';

export const switchApi = {
  get: () => api.get<SwitchConfig>(ADMIN_API.getSwitch),
  set: (v: SwitchConfig) => api.put(ADMIN_API.setSwitch, v),
};

export const switchKeys = { config: ['admin', 'switch'] as const };
export const switchConfigQuery = () => queryOptions({ queryKey: switchKeys.config, queryFn: switchApi.get });
