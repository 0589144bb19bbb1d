import { CONTEST_PAGE_SIZES } from '@verdict/shared';
import { AnnouncementPanel, type AnnouncementSource } from '../announcement';
import { contestExtraApi, contestKeys } from './api';
import { useContest } from './context';
import { markRead } from './readAnnouncements';

/** Announcements tab: the contest's visible announcements (no pagination inside a contest); shown ones count as read. */
export function ContestAnnouncements() {
  const { contest } = useContest();
  const source: AnnouncementSource = {
    key: contestKeys.announcements(contest.id),
    paged: false,
    load: async () => {
      const page = await contestExtraApi.announcements(contest.id, 1, CONTEST_PAGE_SIZES.announcement * 10);
      markRead(contest.id, page.records.map((r) => r.id));
      return page.records;
    },
  };
  return <AnnouncementPanel source={source} />;
}
