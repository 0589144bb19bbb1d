/** Rows the benches insert directly (generating a large site through the API would take hours). */

/** A public problem of the default judge mode with every column set, as the admin form would. */
export function problemRow(problemId: string, title: string, authorUid: number, ts: number, over: { case_version?: string; description?: string } = {}) {
  return {
    problem_id: problemId, title, author_uid: authorUid, type: 0, time_limit: 1000, memory_limit: 256, stack_limit: 128,
    description: over.description ?? '', input: '', output: '', examples: '', hint: '', source: '', difficulty: 0, auth: 1, io_score: 100, code_share: 1,
    judge_mode: 'default', judge_case_mode: 'default', spj_code: null, spj_language: null, spj_compile_ok: 0, is_remove_end_blank: 1,
    open_case_result: 1, is_upload_case: 1, user_extra_file: null, judge_extra_file: null, is_file_io: 0, io_read_file_name: null,
    io_write_file_name: null, is_remote: 0, remote_oj: null, case_version: over.case_version ?? '', gid: 0, apply_public_progress: null, modified_user: null,
    gmt_create: ts, gmt_modified: ts,
  };
}

/** A plain account (password hash 'x': benches sign in with issued tokens, never a password). */
export function userRow(username: string, role: number, ts: number) {
  return {
    username, password_hash: 'x', email: null, nickname: null, realname: null, school: null, course: null, number: null, gender: 'secrecy',
    avatar: null, signature: null, github: null, blog: null, cf_username: null, title_name: null, title_color: null, role, status: 0,
    last_login_time: null, last_login_ip: null, gmt_create: ts, gmt_modified: ts,
  };
}
