/** Spec 03 §9 group constants (lengths in characters, page sizes). */
export const GROUP_LIMITS = {
  name: [5, 25],
  shortName: [5, 10],
  brief: [5, 50],
  description: [5, 1000],
  code: 6,
  reason: [5, 100],
} as const;
export const GROUP_PAGE = { list: 15, listSizes: [9, 15, 30, 60, 120], members: 10, announcement: 5, announcementAdmin: 10, discussions: 10, rank: 30, default: 10, addFromPublic: [10, 30, 50, 100] } as const;
