import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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
  /** Usernames in lists take their contest rating's colour (issue 30; absent from older servers). */
  ratingNameColor?: boolean;
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

const siteConfigKey = ['website-config'] as const;
const siteConfigQuery = () => queryOptions({ queryKey: siteConfigKey, queryFn: () => api.get<Partial<WebsiteConfig>>('/get-website-config', undefined, { quiet: true }) });
/** After an admin changed the site's config or switches: every screen reads it again. */
export const invalidateSiteConfig = (qc: QueryClient) => qc.invalidateQueries({ queryKey: siteConfigKey });

export function useSiteConfig(): WebsiteConfig & { loaded: boolean } {
  const q = useQuery({ ...siteConfigQuery(), staleTime: 5 * 60_000 });
  return { ...DEFAULT_CONFIG, ...(q.data ?? {}), loaded: q.isSuccess } as WebsiteConfig & { loaded: boolean };
}
