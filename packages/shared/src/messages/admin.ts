import type { Msg } from './types.js';

/** Messages of site administration: users, import and generation, notices, configuration (spec 03). */
export const ADMIN_MSG = {
  generatedPasswordLength: { en: 'The length of the password is 6 to 25', zh: '密码长度应为6~25位' },
  roleInvalid: { en: 'The role does not exist', zh: '该角色不存在' },
  generateRangeRequired: { en: 'The start number and the end number are required', zh: '起始编号和结束编号不能为空' },
  userNotFound: { en: 'The user does not exist', zh: '该用户不存在' },
  cannotDemoteSelf: { en: 'You cannot remove your own super administrator role or disable yourself', zh: '不能取消自己的超级管理员角色或封禁自己' },
  csvNotUtf8: { en: 'The CSV file must be UTF-8 encoded', zh: 'CSV 文件必须为 UTF-8 编码' },
  csvColumns: { en: 'Each row needs seven columns: username, password, email, real name, gender, nickname, school', zh: '每行需要七列：用户名、密码、邮箱、真实姓名、性别、昵称、学校' },
  csvMissingFields: { en: 'The username or password is empty', zh: '用户名或密码为空' },
  csvDuplicateInFile: { en: 'The username appears earlier in the file', zh: '该用户名在文件中已出现' },
  csvEmailDuplicateInFile: { en: 'The email appears earlier in the file', zh: '该邮箱在文件中已出现' },
  csvPasswordLength: { en: 'The length of the password is 6 to 25', zh: '密码长度应为6~25位' },
  announcementNotFound: { en: 'The announcement does not exist', zh: '该公告不存在' },
  noticeNotFound: { en: 'The notice does not exist', zh: '该通知不存在' },
  mailTestFailed: { en: 'The test mail could not be sent: {error}', zh: '测试邮件发送失败：{error}' },
  dbConfigFromEnvironment: { en: 'The database and Redis are set by the server environment (DATABASE_URL, REDIS_URL) and cannot be changed here', zh: '数据库和 Redis 由服务器环境变量（DATABASE_URL、REDIS_URL）设置，无法在此修改' },
  carouselTooMany: { en: 'The carousel holds at most {n} images', zh: '轮播图最多{n}张' },
  carouselImageNotFound: { en: 'That carousel picture does not exist (already deleted?)', zh: '该轮播图不存在（可能已被删除）' },
  mailNotConfiguredAdmin: { en: 'Mail is not configured: fill in the SMTP settings first', zh: '邮件服务未配置：请先填写 SMTP 设置' },
  fileFieldRequired: { en: 'Please choose a file to upload (form field "{field}")', zh: '请选择要上传的文件（表单字段“{field}”）' },
  notAdminArea: { en: 'This account cannot enter the admin area', zh: '该账号无权进入管理后台' },
  /** change-password's answer text (HOJ's client shows it, then logs out after 5 s). */
  passwordChanged: { en: 'The password has been changed. You will be logged out in 5 seconds to log in again.', zh: '修改密码成功！您将于5秒钟后退出进行重新登录操作！' },
  /** change-email's answer text (HOJ's ChangeAccountVO msg). */
  emailChanged: { en: 'The email has been changed', zh: '修改邮箱成功！' },
  // accounts and site administration (issue 2)
  usernameInvalid: { en: 'The username may not contain spaces or control characters', zh: '用户名不能包含空格或控制字符' },
  mailNotConfigured: { en: 'Mail is not configured; the code was written to the server log', zh: '邮件服务未配置，验证码已写入服务器日志' },
  cannotDeleteSelf: { en: 'You cannot delete your own account', zh: '不能删除自己的账号' },
  lastRoot: { en: 'The last super administrator cannot be removed or demoted', zh: '不能删除或降级最后一个超级管理员' },
  selectedUsersEmpty: { en: 'Selected users cannot be empty', zh: '所选用户不能为空' },
  csvEmpty: { en: 'The CSV file has no rows', zh: 'CSV 文件没有数据' },
  tooManyRows: { en: 'Too many rows in one import (at most {n})', zh: '单次导入行数过多（最多{n}行）' },
  generateRangeInvalid: { en: 'The end number can not be less than the start number', zh: '结束编号不能小于起始编号' },
  generateTooMany: { en: 'At most {n} users can be generated at once', zh: '一次最多生成{n}个用户' },
  generatedNameTooLong: { en: 'The generated usernames would exceed 20 characters', zh: '生成的用户名将超过20个字符' },
  titleRequired: { en: 'The title is required', zh: '标题不能为空' },
  passwordWrong: { en: 'The password is wrong', zh: '密码错误' },
  downloadExpired: { en: 'The download has expired, please generate it again', zh: '下载已过期，请重新生成' },
} as const satisfies Record<string, Msg>;
