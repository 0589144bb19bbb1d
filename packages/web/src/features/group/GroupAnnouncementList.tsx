import { useTranslation } from 'react-i18next';
import type { AnnouncementRow, Page } from '@verdict/shared';
import { AnnouncementPanel } from '../announcement';
import { groupApi, groupKeys } from './api';
import { useGroup } from './context';
import { GROUP_PAGE } from './limits';
import { AnnouncementTable, type AnnouncementStore } from './GroupAnnouncements';

/** /group/{id}/announcement: group admins manage the announcements (10 a page); members read them. */
export function GroupAnnouncementList() {
  const { t } = useTranslation();
  const { gid, isAdmin } = useGroup();
  // Members reach this path from the navbar too: they read the visible announcements.
  if (!isAdmin) {
    return <AnnouncementPanel title={t('group.tab.announcements')}
      source={{ key: groupKeys.homeAnnouncements(gid), load: (page, limit) => groupApi.announcements(gid, page, limit) as unknown as Promise<Page<AnnouncementRow>> }} />;
  }
  const store: AnnouncementStore = {
    key: groupKeys.announcementTable(gid),
    list: (page, limit) => groupApi.adminAnnouncements(gid, page, limit),
    create: (v) => groupApi.addAnnouncement({ ...v, gid }),
    update: (a, v) => groupApi.updateAnnouncement({ ...a, ...v }),
    remove: (a) => groupApi.deleteAnnouncement(a.id),
  };
  return <AnnouncementTable store={store} pageSize={GROUP_PAGE.announcementAdmin} title={t('group.tab.announcements')} />;
}
