import type { Generated, ColumnType } from 'kysely';

/**
 * Database tables. Conventions that keep one schema valid on SQLite and PostgreSQL:
 * timestamps are epoch milliseconds (bigint), booleans are 0/1 integers, JSON is text.
 */
type Id = Generated<number>;
type Ms = number;

export interface UserTable {
  id: Id;
  username: string;
  password_hash: string;
  email: string | null;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  course: string | null;
  number: string | null;
  gender: string; // male | female | secrecy
  avatar: string | null;
  signature: string | null;
  github: string | null;
  blog: string | null;
  cf_username: string | null;
  title_name: string | null;
  title_color: string | null;
  /** light | dark | system (issue 32); null until the user chooses. Migration 0033. */
  ui_theme: string | null;
  role: number; // role code of spec 01 §3
  status: number; // 0 normal, 1 disabled
  last_login_time: Ms | null;
  last_login_ip: string | null;
  gmt_create: Ms;
  gmt_modified: Ms;
}

export interface UserSessionTable {
  id: string; // JWT jti
  uid: number;
  created_at: Ms;
  expires_at: Ms;
  revoked: number;
  ip: string | null;
  user_agent: string | null;
  is_admin_login: number;
  /** The first session of the login a refreshed token continues; null for a login's first (issue 33, migration 0031). */
  family: string | null;
  /** Written at most once a minute per session (http/auth.ts). */
  last_seen: Ms | null;
}

export interface ThrottleTable {
  key: string;
  count: number;
  window_start: Ms;
  locked_until: Ms;
}

export interface EmailCodeTable {
  id: Id;
  email: string;
  purpose: string; // register | reset | change_email
  code: string;
  uid: number | null;
  sent_at: Ms;
  expires_at: Ms;
  attempts: number;
  used: number;
}

export interface CaptchaTable {
  key: string;
  text: string;
  expires_at: Ms;
}

export interface SiteConfigTable {
  key: string;
  value: string; // JSON
}

export interface AnnouncementTable {
  id: Id;
  title: string;
  content: string;
  uid: number;
  status: number; // 0 visible, 1 hidden
  cid: number; // 0 = site announcement
  gid: number; // 0 = not a group announcement
  gmt_create: Ms;
  gmt_modified: Ms;
}

export interface FileTable {
  id: Id;
  uid: number;
  name: string;
  storage_key: string; // path under DATA_DIR/files
  mime: string;
  size: number;
  kind: string; // avatar | md-img | md-file | annex | carousel
  gid: number;
  gmt_create: Ms;
}

export interface ProblemTable {
  id: Id; // pid
  problem_id: string; // display id, unique
  title: string;
  author_uid: number;
  type: number; // 0 ACM, 1 OI
  time_limit: number; // ms
  memory_limit: number; // MB
  stack_limit: number; // MB
  description: string;
  input: string;
  output: string;
  examples: string; // <input>..</input><output>..</output> pairs
  hint: string;
  source: string;
  difficulty: number;
  auth: number; // 1 public, 2 private, 3 contest
  io_score: number;
  code_share: number;
  judge_mode: string; // default | spj | interactive
  judge_case_mode: string;
  spj_code: string | null;
  spj_language: string | null;
  spj_compile_ok: number;
  is_remove_end_blank: number;
  open_case_result: number;
  is_upload_case: number;
  user_extra_file: string | null; // JSON map name -> content
  judge_extra_file: string | null;
  is_file_io: number;
  io_read_file_name: string | null;
  io_write_file_name: string | null;
  is_remote: number;
  remote_oj: string | null;
  case_version: string; // changes whenever the test data changes
  gid: number;
  apply_public_progress: number | null;
  modified_user: string | null;
  gmt_create: Ms;
  gmt_modified: Ms;
}

export interface TagTable {
  id: Id;
  name: string;
  color: string | null;
  oj: string; // ME for our own
  gid: number;
  classification_id: number | null;
  gmt_create: Ms;
}

export interface TagClassificationTable {
  id: Id;
  name: string;
  oj: string;
  rank: number;
  gmt_create: Ms;
}

export interface ProblemTagTable {
  pid: number;
  tid: number;
}

export interface ProblemLanguageTable {
  pid: number;
  language: string; // language name of the registry
}

export interface CodeTemplateTable {
  id: Id;
  pid: number;
  language: string;
  code: string;
  status: number; // 1 enabled
}

export interface ProblemCaseTable {
  id: Id;
  pid: number;
  input: string; // file name under the problem's test-data folder
  output: string;
  score: number;
  group_num: number;
  seq: number;
  status: number; // 0 in use
}

/** A solution kept from a problem package (migration 0026) with its last check's outcome. */
export interface ProblemSolutionTable {
  id: Id;
  pid: number;
  name: string;
  tag: string; // Polygon's verdict tag: main, accepted, wrong-answer, time-limit-exceeded…
  language: string;
  code: string;
  status: number | null; // null never checked, 5 queued / judging, else the verdict
  score: number | null;
  time: number | null;
  memory: number | null;
  message: string | null;
  checked_at: number | null;
}

export interface SubmissionTable {
  id: Id; // submitId
  pid: number;
  display_pid: string;
  uid: number;
  username: string;
  cid: number; // 0 = not a contest
  cpid: number; // contest problem id
  gid: number;
  tid: number;
  status: number;
  score: number | null;
  oi_rank_score: number | null;
  time: number | null;
  memory: number | null; // KB
  length: number;
  language: string;
  code: string;
  share: number;
  error_message: string | null;
  judger: string | null;
  is_manual: number;
  case_done: number;
  case_total: number;
  /** The test a remote judge runs now when it names no total ("Running on test 7"); 0 when unknown. */
  case_current: Generated<number>;
  ip: string | null;
  submit_time: Ms;
  judge_time: Ms | null;
  gmt_modified: Ms;
}

export interface JudgeCaseTable {
  id: Id;
  submit_id: number;
  pid: number;
  case_id: number | null;
  seq: number;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  group_num: number | null;
  input_data: string | null;
  output_data: string | null;
  user_output: string | null;
  message: string | null;
}

export interface JudgeTaskTable {
  id: Id;
  kind: string; // submission | test | compile
  ref_id: string; // submission id or test-run key
  priority: number; // lower first: contest 0, test run 1, normal 2, rejudge 3
  state: string; // queued | leased | done
  lease_owner: string | null;
  lease_expires_at: Ms | null;
  attempts: number;
  created_at: Ms;
  lease_token: string | null; // 0003: changes on every claim
  last_error: string | null; // 0003
}

export interface TestRunTable {
  key: string;
  uid: number;
  pid: number;
  language: string;
  code: string;
  user_input: string;
  expected_output: string | null;
  status: number;
  result: string | null; // JSON
  created_at: Ms;
  expires_at: Ms;
}

// 0003_judge: checker / interactor compile requests of the problem form
export interface JudgeCompileTable {
  key: string;
  pid: number | null;
  mode: string; // spj | interactive
  language: string;
  code: string;
  extra_files: string; // JSON map name -> content
  ok: number | null; // null while waiting
  message: string | null;
  expires_at: Ms;
}

export interface JudgeServerTable {
  id: Id;
  name: string;
  version: string;
  cpu_cores: number;
  slots: number;
  languages: string; // JSON list
  isolation: string;
  load: number;
  running: number;
  is_local: number;
  last_heartbeat: Ms;
  gmt_create: Ms;
}

export interface UserAcceptTable {
  id: Id;
  uid: number;
  pid: number;
  submit_id: number;
  cid: number;
  gmt_create: Ms;
}

// 0002_accounts
export interface AdminSysNoticeTable {
  id: Id;
  title: string;
  content: string;
  uid: number; // author
  recipient_type: string; // All
  gmt_create: Ms;
  gmt_modified: Ms;
  /** A server-written notice's message keys and variables (JSON, message/notice-text.ts); null: the text as written. */
  msg_i18n: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UserSysNoticeTable {
  id: Id;
  sys_notice_id: number;
  recipient_uid: number;
  type: string; // Sys (system notice) | Mine (personal notice)
  state: number; // 0 unread, 1 read
  gmt_create: Ms;
}

export interface DownloadBlobTable {
  key: string;
  uid: number;
  file_name: string;
  content: string;
  expires_at: Ms;
}

/** Migration 0028 (issue 31): a contest's latest plagiarism check, claimed by a server under a lease. */
export interface PlagiarismJobTable {
  id: Generated<number>;
  cid: number;
  scope: string; // lastAccepted | final
  status: string; // queued | running | done | failed
  progress: number; // 0..1
  partial: number; // 1: the contest had not ended when the check started
  error: string | null;
  groups: string; // JSON PlagiarismGroupVo[] (without the display fields)
  created_by: number;
  created_by_name: string;
  created_at: Ms;
  started_at: Ms | null;
  finished_at: Ms | null;
  owner: string | null; // the claiming process
  lease_until: Ms | null;
  attempts: number;
}

/** A pair a check kept (similarity at or above PLAGIARISM_KEEP_MIN); left_submit_id < right_submit_id. */
export interface PlagiarismPairTable {
  id: Generated<number>;
  cid: number;
  left_submit_id: number;
  right_submit_id: number;
  left_uid: number;
  right_uid: number;
  pid: number;
  language: string;
  char_tokens: number;
  similarity: number;
  longest: number; // lines
  left_covered: number;
  right_covered: number;
  fragments: string; // JSON [[lStart, lEnd, lStartCol, lEndCol, rStart, rEnd, rStartCol, rEndCol], ...]
}

/** An admin's decision on a pair (kept across re-checks). */
export interface PlagiarismDecisionTable {
  id: Generated<number>;
  cid: number;
  left_submit_id: number;
  right_submit_id: number;
  left_uid: number;
  right_uid: number;
  verdict: string; // cleared | cheating
  exclude: number;
  reason: string;
  decided_by: number;
  decided_by_name: string;
  decided_at: Ms;
}

export interface Database {
  user: UserTable;
  user_session: UserSessionTable;
  throttle: ThrottleTable;
  email_code: EmailCodeTable;
  captcha: CaptchaTable;
  site_config: SiteConfigTable;
  announcement: AnnouncementTable;
  file: FileTable;
  problem: ProblemTable;
  tag: TagTable;
  tag_classification: TagClassificationTable;
  problem_tag: ProblemTagTable;
  problem_language: ProblemLanguageTable;
  code_template: CodeTemplateTable;
  problem_case: ProblemCaseTable;
  problem_solution: ProblemSolutionTable;
  submission: SubmissionTable;
  judge_case: JudgeCaseTable;
  judge_task: JudgeTaskTable;
  test_run: TestRunTable;
  judge_server: JudgeServerTable;
  judge_compile: JudgeCompileTable;
  user_accept: UserAcceptTable;
  admin_sys_notice: AdminSysNoticeTable;
  user_sys_notice: UserSysNoticeTable;
  download_blob: DownloadBlobTable;
  plagiarism_job: PlagiarismJobTable;
  plagiarism_pair: PlagiarismPairTable;
  plagiarism_decision: PlagiarismDecisionTable;
}

export type { ColumnType };
