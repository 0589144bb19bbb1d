import { GROUP_PAGE_SIZES } from '@verdict/shared';

export { GROUP_LIMITS } from '@verdict/shared';
/** Page sizes of the group screens (spec 03 §9); add-from-public dialogs offer 10/30/50/100. */
export const GROUP_PAGE = {
  list: GROUP_PAGE_SIZES.list, listSizes: GROUP_PAGE_SIZES.listOptions, members: GROUP_PAGE_SIZES.member, announcement: GROUP_PAGE_SIZES.announcement,
  announcementAdmin: GROUP_PAGE_SIZES.adminAnnouncement, discussions: GROUP_PAGE_SIZES.discussion, rank: GROUP_PAGE_SIZES.rank, default: GROUP_PAGE_SIZES.problem,
  addFromPublic: [10, 30, 50, 100],
} as const;
