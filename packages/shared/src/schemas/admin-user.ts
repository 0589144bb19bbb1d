import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ALL_ROLE_CODES } from '../roles.js';

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
export interface BatchInsertResult {
  inserted: number;
  /** `row` is 1-based in the file (the header row, when present, is row 1). `reason` is in the request's language. */
  skipped: { row: number; username: string; reason: string }[];
}

export const adminGenerateUserBody = z.object({
  prefix: z.string().trim().max(20).default(''),
  suffix: z.string().trim().max(20).default(''),
  numberFrom: z.number({ error: 'generateRangeRequired' }).int().min(0).max(1_000_000_000),
  numberTo: z.number({ error: 'generateRangeRequired' }).int().min(0).max(1_000_000_000),
  passwordLength: z.number().int().min(LIMITS.generatedPasswordMin, 'generatedPasswordLength').max(LIMITS.generatedPasswordMax, 'generatedPasswordLength'),
}).refine((b) => b.numberTo >= b.numberFrom, 'generateRangeInvalid');
export const GENERATE_USER_MAX = 1000;
/** The key downloads username,password lines at GET /api/file/generate-user-excel?key= for an hour. */
export interface GenerateUserResult { key: string; inserted: number; skipped: string[] }

export interface AdminUserRow {
  uid: number; username: string; realname: string | null; email: string | null; nickname: string | null; school: string | null;
  role: number; roleName: string; status: number; titleName: string | null; titleColor: string | null;
  gmtCreate: number; lastLoginTime: number | null; lastLoginIp: string | null;
  /** HOJ's list of Role entities (one: users have one role here). */
  roles: { id: number; role: string; status: number }[];
}

/** Dashboard of the admin area. */
export interface DashboardInfo {
  /** HOJ's counters: users, today's submissions, contests running or starting within 14 days. */
  userNum: number;
  todayJudgeNum: number;
  recentContestNum: number;
  userCount: number;
  problemCount: number;
  contestCount: number;
  submissionCount: number;
  todaySubmissionCount: number;
  todayRegisterCount: number;
  /** Users by last login, newest first. */
  recentLogins: { uid: number; username: string; avatar: string | null; lastLoginTime: number; lastLoginIp: string | null }[];
  judgeServers: { online: number; total: number };
  mail: { configured: boolean; source: 'admin' | 'env' | 'none' };
}
export interface SessionRow { id: string; ip: string | null; userAgent: string | null; createdAt: number; isAdminLogin: boolean; current: boolean }
/** get-sessions: HOJ's Session (the caller's previous login: ip, userAgent, gmtCreate) plus our list of recent sessions. */
export interface SessionsInfo { ip: string | null; userAgent: string | null; gmtCreate: number | null; sessions: SessionRow[] }
export interface ServiceInfo {
  version: string; nodeVersion: string; platform: string; uptimeSeconds: number; cpuCores: number; loadAverage: number[];
  memoryRss: number; totalMemory: number; freeMemory: number; dbKind: 'sqlite' | 'postgres'; redis: boolean; startedAt: number;
  /** HOJ's dashboard fields, filled with this server's facts (no service registry: one entry, this process). */
  backupCores: number; backupPercentCpuLoad: string; backupPercentMemoryLoad: string;
  backupService: { serviceId: string; host: string; port: number; secure: boolean; metadata: Record<string, string> }[];
  nacos: { status: string };
}
export interface JudgeServerInfo {
  id: number; name: string; version: string; cpuCores: number; slots: number; languages: string[]; isolation: string;
  load: number; running: number; isLocal: boolean; lastHeartbeat: number; online: boolean;
  /** HOJ's judge table reads these: the worker as a registry entry, its load in percent. */
  service: { host: string; port: number; secure: boolean; metadata: Record<string, string> };
  percentCpuLoad: string; percentMemoryLoad: string;
}
export interface DbAndRedisInfo { dbKind: 'sqlite' | 'postgres'; dbLocation: string; redis: boolean; redisLocation: string }
