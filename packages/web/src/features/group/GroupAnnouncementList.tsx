import { useTranslation } from 'react-i18next';
import { groupApi, groupKeys } from './api';
import { useGroup } from './context';
import { GROUP_PAGE } from './limits';
import { AnnouncementTable, type AnnouncementStore } from './GroupAnnouncements';

/** /group/{id}/announcement (group admins): the group's announcements, 10 a page. */
export function GroupAnnouncementList() {
  const { t } = useTranslation();
  const { gid } = useGroup();
  const store: AnnouncementStore = {
    key: groupKeys.announcements(gid, true, 0, 0).slice(0, 4),
    list: (page, limit) => groupApi.adminAnnouncements(gid, page, limit),
    create: (v) => groupApi.addAnnouncement({ ...v, gid }),
    update: (a, v) => groupApi.updateAnnouncement({ ...a, ...v }),
    remove: (a) => groupApi.deleteAnnouncement(a.id),
  };
  return <AnnouncementTable store={store} pageSize={GROUP_PAGE.announcementAdmin} title={t('group.tab.announcements')} />;
}
