import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ALL_ROLE_CODES } from '../roles.js';
import { pageOf, vo } from './common.js';
import { epochMs, mailStatus } from './site.js';
import { judgeServer } from './submission.js';
import { languageAvailability } from '../judge-protocol.js';

/**
 * Site administration calls (spec 03 §2.4 / §7), all under /api. Guards: "adminArea" = root,
 * admin or problem_admin; "root" = super admin only (spec 03 §6).
 */
export const ADMIN_API = {
  login: '/admin/login', // POST loginBody, no token; token in the Authorization response header
  logout: '/admin/logout', // GET
  // dashboard (adminArea)
  dashboard: '/admin/dashboard/get-dashboard-info', // GET -> DashboardInfo
  sessions: '/admin/dashboard/get-sessions', // GET -> SessionRow[] (the caller's recent logins)
  serviceInfo: '/admin/config/get-service-info', // GET -> ServiceInfo (root)
  judgeServiceInfo: '/admin/config/get-judge-service-info', // GET -> JudgeServerInfo[] (root)
  // users (root)
  userList: '/admin/user/get-user-list', // GET adminUserListQuery -> Page<AdminUserRow>
  editUser: '/admin/user/edit-user', // PUT adminEditUserBody
  deleteUser: '/admin/user/delete-user', // DELETE adminDeleteUserBody {ids}
  insertBatchUser: '/admin/user/insert-batch-user', // POST adminInsertBatchUserBody -> BatchInsertResult
  generateUser: '/admin/user/generate-user', // POST adminGenerateUserBody -> GenerateUserResult
  generatedUserFile: '/file/generate-user-excel', // GET ?key= -> text/csv download (username,password)
  // site announcements (root)
  announcement: '/admin/announcement', // GET pageQuery -> Page<AnnouncementRow>; POST announcementBody; PUT announcementUpdateBody; DELETE ?aid=
  // system notices (root)
  notice: '/admin/msg/notice', // GET pageQuery -> Page<SysNoticeRow>; POST sysNoticeBody; PUT sysNoticeUpdateBody; DELETE ?id=
  // configuration (root)
  getEmailConfig: '/admin/config/get-email-config', // GET -> EmailConfigInfo
  setEmailConfig: '/admin/config/set-email-config', // PUT emailConfigBody
  testEmail: '/admin/config/test-email', // POST testEmailBody
  getWebConfig: '/admin/config/get-web-config', // GET -> WebConfig
  setWebConfig: '/admin/config/set-web-config', // PUT webConfigBody
  uploadCarousel: '/admin/config/upload-carousel-img', // POST multipart field "image" -> {link}; also appended to the carousel
  deleteCarousel: '/admin/config/delete-carousel-img', // DELETE ?link= -> WebConfig
  dbAndRedisConfig: '/admin/config/get-db-and-redis-config', // GET -> DbAndRedisInfo
  getSwitch: '/admin/switch/info', // GET -> SwitchConfig
  setSwitch: '/admin/switch/update', // PUT switchConfigBody
} as const;

/** Site user administration (spec 03 §2.4 / §5), root only. */
export const adminUserListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  keyword: z.string().max(100).optional(),
  onlyAdmin: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});

const optText = (max: number) => z.string().trim().max(max).optional().nullable();
/** HOJ's user dialog sends the role id as `type` (and may send ids as text); `role` wins when both come. */
const hojUserEdit = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return { ...o, uid: typeof o.uid === 'string' && /^\d+$/.test(o.uid) ? Number(o.uid) : o.uid, role: o.role ?? o.type };
};

export const adminEditUserBody = z.preprocess(hojUserEdit, z.object({
  uid: z.number().int().positive(),
  username: z.string().trim().min(1, 'usernameRequired').max(LIMITS.usernameMax, 'usernameMax'),
  realname: optText(100),
  nickname: optText(20),
  email: z.union([z.literal(''), z.string().trim().max(255, 'emailInvalid').email('emailInvalid')]).optional().nullable(),
  /** Empty or absent keeps the password. */
  password: z.union([z.literal(''), z.string().min(LIMITS.generatedPasswordMin, 'generatedPasswordLength').max(LIMITS.generatedPasswordMax, 'generatedPasswordLength')]).optional().nullable(),
  role: z.number().int().refine((r) => (ALL_ROLE_CODES as number[]).includes(r), 'roleInvalid'),
  /** 0 normal, 1 disabled (cannot log in). */
  status: z.number().int().min(0).max(1),
  titleName: optText(50),
  titleColor: optText(20),
}));
export type AdminEditUserBody = z.infer<typeof adminEditUserBody>;
export const adminDeleteUserBody = z.object({ ids: z.array(z.number().int().positive()).min(1, 'selectedUsersEmpty').max(1000) });

/** Rows one import may hold: hashing passwords is the slow part, and the request must end well inside the client's 90 s. */
export const BATCH_USER_MAX_ROWS = 2000;
/** Either rows already split by the client or the raw CSV text (UTF-8, seven columns). */
export const adminInsertBatchUserBody = z.object({
  users: z.array(z.array(z.string().max(1000).nullable()).max(20)).max(BATCH_USER_MAX_ROWS, 'tooManyRows').optional(),
  csv: z.string().max(2_000_000, 'tooLarge').optional(),
}).refine((b) => b.users !== undefined || b.csv !== undefined, 'csvEmpty');
export const CSV_USER_COLUMNS = ['username', 'password', 'email', 'realname', 'gender', 'nickname', 'school'] as const;
export const batchInsertResult = vo({
  inserted: z.number().int(),
  /** `row` is 1-based in the file (the header row, when present, is row 1). `reason` is in the request's language. */
  skipped: z.array(vo({ row: z.number().int(), username: z.string(), reason: z.string() })),
});
export type BatchInsertResult = z.infer<typeof batchInsertResult>;

export const adminGenerateUserBody = z.object({
  prefix: z.string().trim().max(20).default(''),
  suffix: z.string().trim().max(20).default(''),
  numberFrom: z.number({ error: 'generateRangeRequired' }).int().min(0).max(1_000_000_000),
  numberTo: z.number({ error: 'generateRangeRequired' }).int().min(0).max(1_000_000_000),
  passwordLength: z.number().int().min(LIMITS.generatedPasswordMin, 'generatedPasswordLength').max(LIMITS.generatedPasswordMax, 'generatedPasswordLength'),
}).refine((b) => b.numberTo >= b.numberFrom, 'generateRangeInvalid');
export const GENERATE_USER_MAX = 1000;
/** The key downloads username,password lines at GET /api/file/generate-user-excel?key= for an hour. */
export const generateUserResult = vo({ key: z.string(), inserted: z.number().int(), skipped: z.array(z.string()) });
export type GenerateUserResult = z.infer<typeof generateUserResult>;
/** delete-user: how many accounts went. */
export const deletedUsers = vo({ deleted: z.number().int() });

/** A user row of the admin list and edit-user's answer (HOJ's UserRolesVO, with our role, roleName and login fields). */
export const userRolesVo = vo({
  uid: z.number().int(), username: z.string(), realname: z.string().nullable(), email: z.string().nullable(), nickname: z.string().nullable(), school: z.string().nullable(),
  role: z.number().int(), roleName: z.string(), status: z.number().int(), titleName: z.string().nullable(), titleColor: z.string().nullable(),
  gmtCreate: epochMs, lastLoginTime: epochMs.nullable(), lastLoginIp: z.string().nullable(),
  /** HOJ's list of Role entities (one: users have one role here). */
  roles: z.array(vo({ id: z.number().int(), role: z.string(), status: z.number().int() })),
});
export type UserRolesVo = z.infer<typeof userRolesVo>;
export type AdminUserRow = UserRolesVo;
export const userRolesPage = pageOf(userRolesVo);

/** Dashboard of the admin area. */
export const dashboardInfo = vo({
  /** HOJ's counters: users, today's submissions, contests running or starting within 14 days. */
  userNum: z.number().int(),
  todayJudgeNum: z.number().int(),
  recentContestNum: z.number().int(),
  userCount: z.number().int(),
  problemCount: z.number().int(),
  contestCount: z.number().int(),
  submissionCount: z.number().int(),
  todaySubmissionCount: z.number().int(),
  todayRegisterCount: z.number().int(),
  /** Users by last login, newest first; lastLoginIp is null for callers other than the super admin. */
  recentLogins: z.array(vo({ uid: z.number().int(), username: z.string(), avatar: z.string().nullable(), lastLoginTime: epochMs, lastLoginIp: z.string().nullable() })),
  judgeServers: vo({ online: z.number().int(), total: z.number().int() }),
  mail: mailStatus,
});
export type DashboardInfo = z.infer<typeof dashboardInfo>;
export const sessionRow = vo({ id: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable(), createdAt: epochMs, isAdminLogin: z.boolean(), current: z.boolean() });
export type SessionRow = z.infer<typeof sessionRow>;
/** get-sessions: HOJ's Session (the caller's previous login: ip, userAgent, gmtCreate) plus our list of recent sessions. */
export const sessionsInfo = vo({ ip: z.string().nullable(), userAgent: z.string().nullable(), gmtCreate: epochMs.nullable(), sessions: z.array(sessionRow) });
export type SessionsInfo = z.infer<typeof sessionsInfo>;
const dbKind = z.enum(['sqlite', 'postgres']);
/** A service as HOJ's registry lists it (Nacos instance fields its screens read). */
const registryEntry = { host: z.string(), port: z.number().int(), secure: z.boolean(), metadata: z.record(z.string(), z.string()) };
export const serviceInfo = vo({
  version: z.string(), nodeVersion: z.string(), platform: z.string(), uptimeSeconds: z.number().int(), cpuCores: z.number().int(), loadAverage: z.array(z.number()),
  memoryRss: z.number().int(), totalMemory: z.number().int(), freeMemory: z.number().int(), dbKind, redis: z.boolean(), startedAt: epochMs,
  /** HOJ's dashboard fields, filled with this server's facts (no service registry: one entry, this process). */
  backupCores: z.number().int(), backupPercentCpuLoad: z.string(), backupPercentMemoryLoad: z.string(),
  backupService: z.array(vo({ serviceId: z.string(), ...registryEntry })),
  nacos: vo({ status: z.string() }),
});
export type ServiceInfo = z.infer<typeof serviceInfo>;
/** get-judge-service-info rows: the judge server list's row (submission.ts) without gmtCreate, plus what HOJ's judge table reads. */
export const judgeServerInfo = judgeServer.omit({ gmtCreate: true }).extend({
  /** The stored registration list as it is: {name, available, version} objects (what workers send), plain names in older rows. */
  languages: z.array(z.union([languageAvailability, z.string()])),
  /** HOJ's judge table reads these: the worker as a registry entry, its load in percent. */
  service: vo(registryEntry),
  percentCpuLoad: z.string(), percentMemoryLoad: z.string(),
});
export type JudgeServerInfo = z.infer<typeof judgeServerInfo>;
export const dbAndRedisInfo = vo({ dbKind, dbLocation: z.string(), redis: z.boolean(), redisLocation: z.string() });
export type DbAndRedisInfo = z.infer<typeof dbAndRedisInfo>;
