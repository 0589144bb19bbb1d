import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/request';

/** Website config of spec 01 §3 (get-website-config). */
export interface WebsiteConfig {
  name: string;
  shortName: string;
  description: string;
  projectName?: string;
  projectUrl?: string;
  recordName?: string;
  recordUrl?: string;
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  /** Keys of the switched-on remote judges. */
  remoteJudges: string[];
}

export const DEFAULT_CONFIG: WebsiteConfig = {
  name: 'Verdict Online Judge',
  shortName: 'Verdict',
  description: '',
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  remoteJudges: [],
};

export const siteConfigKey = ['website-config'] as const;

export function useSiteConfig(): WebsiteConfig & { loaded: boolean } {
  const q = useQuery({
    queryKey: siteConfigKey,
    queryFn: () => api.get<Partial<WebsiteConfig>>('/get-website-config', undefined, { quiet: true }),
    staleTime: 5 * 60_000,
  });
  return { ...DEFAULT_CONFIG, ...(q.data ?? {}), loaded: q.isSuccess } as WebsiteConfig & { loaded: boolean };
}
