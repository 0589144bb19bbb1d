import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZES, type AnnouncementRow, type Page } from '@verdict/shared';
import { api } from '../../lib/request';

/**
 * Where announcements come from: the site's (paged) by default; a contest passes its own loader
 * and `paged={false}` (spec 01 "Announcement panel": inside a contest, no pagination). `key` comes
 * from the owner's query keys (its api file).
 */
export interface AnnouncementSource {
  key: readonly unknown[];
  load: (page: number, limit: number) => Promise<Page<AnnouncementRow> | AnnouncementRow[]>;
  paged?: boolean;
}

export const announcementKeys = { site: ['common-announcement'] as const };

export const siteAnnouncements: AnnouncementSource = {
  key: announcementKeys.site,
  load: (currentPage, limit) => api.get<Page<AnnouncementRow>>('/get-common-announcement', { currentPage, limit }, { quiet: true }),
};

/** One page of a source (an unpaged source is keyed as page 0). */
export const announcementsQuery = (source: AnnouncementSource, page: number) =>
  queryOptions({ queryKey: [...source.key, source.paged !== false ? page : 0], queryFn: () => source.load(page, PAGE_SIZES.announcement) });
