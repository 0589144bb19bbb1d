import type { Msg } from './types.js';

/** Messages of groups (spec 03 §2.3, §5, §6, §8): forms, joining, members, group content. */
export const GROUP_MSG = {
  // spec 03 §5 group form
  groupNameRequired: { en: 'The group name is required', zh: '团队名称不能为空' },
  groupNameLength: { en: 'The length of group name is 5 to 25', zh: '团队名称的长度应为 5 到 25' },
  groupShortNameRequired: { en: 'The group short name is required', zh: '团队简称不能为空' },
  groupShortNameLength: { en: 'The length of group short name is 5 to 10', zh: '团队简称的长度应为 5 到 10' },
  groupShortNameChars: { en: 'The group short name may only contain letters, digits, "_" and "-" (it prefixes the group\'s problem IDs)', zh: '团队简称只能包含字母、数字、“_”和“-”（它是团队题目展示ID的前缀）' },
  groupBriefRequired: { en: 'The group brief is required', zh: '团队简介不能为空' },
  groupBriefLength: { en: 'The length of group brief is 5 to 50', zh: '团队简介的长度应为 5 到 50' },
  groupAuthRequired: { en: 'The group auth is required (1 Public, 2 Protected, 3 Private)', zh: '团队权限不能为空且应为 1~3（公开、保护、私有）' },
  groupCodeRequired: { en: 'The invitation code is required.', zh: '邀请码不能为空。' },
  groupCodeLength: { en: 'The length of invitation code is 6', zh: '邀请码的长度应为 6' },
  groupDescriptionRequired: { en: 'The group description is required', zh: '团队描述不能为空' },
  groupDescriptionLength: { en: 'The length of group description is 5 to 1000', zh: '团队描述的长度应为 5 到 1000' },
  groupNameExists: { en: 'The group name already exists, please change it and try again', zh: '团队名称已存在，请修改后重试' },
  groupShortNameExists: { en: 'The group short name already exists, please change it and try again', zh: '团队简称已存在，请修改后重试' },
  // creating groups (admin config: AC count, daily and total limits)
  groupCreateAcMin: { en: 'You cannot create a group yet: solve at least {n} problems first', zh: '对不起，您暂时无权限创建团队！请先去提交题目通过 {n} 道以上' },
  groupCreateLimit: { en: 'You have already created {n} groups, the most one user may create', zh: '对不起，您已创建 {n} 个团队，已达可创建团队数量上限' },
  groupCreateDailyLimit: { en: 'You have created {n} groups today, please try again tomorrow', zh: '对不起，您今天创建团队次数已超过 {n} 次，已被限制' },
  // finding and opening a group
  groupNotFound: { en: 'The group does not exist or has been banned', zh: '该团队不存在或已被封禁' },
  groupNotVisible: { en: 'This group is not public and cannot be visited', zh: '该团队并非公开团队，不支持访问' },
  groupMemberOnly: { en: 'Only members of this group can do this', zh: '只有该团队的成员才能进行此操作' },
  groupAdminOnly: { en: 'Only the group admins can do this', zh: '只有团队管理员才能进行此操作' },
  groupRootOnly: { en: 'Only the group root can do this', zh: '只有团队超级管理员才能进行此操作' },
  groupOwnerOnly: { en: 'Only the group owner or the super administrator can disband the group', zh: '只有团队拥有者或超级管理员才能解散团队' },
  // joining (spec 03 §4, §5)
  groupCodeWrong: { en: 'The invitation code is wrong, please try again', zh: '邀请码错误，请重新尝试' },
  groupReasonRequired: { en: 'The reason is required', zh: '申请理由不能为空' },
  groupReasonLength: { en: 'The length of reason is 5 to 100', zh: '申请理由的长度应为 5 到 100' },
  groupAlreadyApplied: { en: 'You have already applied, please wait for the group admins', zh: '您已申请过，请勿重复申请' },
  groupAlreadyMember: { en: 'You are already a member of this group', zh: '您已经加入了该团队，请勿再申请' },
  groupNotMember: { en: 'You are not a member of this group', zh: '您并未在当前团队，无法退出' },
  groupOwnerCannotExit: { en: 'As the owner of the group you can only disband it, not exit it', zh: '作为该团队的拥有者，您只可以解散团队，不允许退出团队' },
  // members (spec 03 §6)
  groupMemberNotFound: { en: 'The user is not in this group', zh: '该用户不在团队中' },
  groupOwnerUnchangeable: { en: 'The auth of the group owner cannot be changed', zh: '不允许修改团队拥有者的权限' },
  groupCannotKickOwner: { en: 'The group owner cannot be removed: disband the group instead', zh: '不允许移除团队拥有者，请改为解散团队' },
  groupCannotKickSelf: { en: 'You cannot remove yourself: exit the group instead', zh: '您无法移除自己，请改为退出团队' },
  groupCannotDemoteMember: { en: 'A member cannot be set back to applying or refused', zh: '无法将已是团队成员的权限降为申请中或已拒绝' },
  groupMemberAuthInvalid: { en: 'The member auth must be 1 (applying) to 5 (root)', zh: '成员权限应为 1（申请中）到 5（超级管理员）' },
  groupLevelTooHigh: { en: 'You can only manage members below your own level, and give levels below your own', zh: '您只能管理低于自己权限的成员，且只能授予低于自己的权限' },
  // announcements
  groupAnnouncementNotFound: { en: 'The announcement does not exist', zh: '该公告不存在' },
  groupAnnouncementTitleRequired: { en: 'The title is required', zh: '标题不能为空' },
  groupAnnouncementContentRequired: { en: 'The content is required', zh: '内容不能为空' },
  // problems (spec 03 §3, §6)
  groupProblemNotInGroup: { en: 'The problem does not belong to this group', zh: '该题目不属于当前团队' },
  groupProblemDisplayIdRequired: { en: 'Problem Display ID is_required', zh: '题目展示ID不能为空' },
  groupProblemIdExists: { en: 'The problem display ID {id} already exists', zh: '题目展示ID {id} 已存在' },
  groupProblemAuthInvalid: { en: 'The problem auth must be 1 (public), 2 (private) or 3 (contest)', zh: '题目权限应为 1（公开）、2（私有）或 3（比赛）' },
  groupProblemApplying: { en: 'The problem is already applying to become public', zh: '该题目已在申请公开中' },
  groupProblemAlreadyPublic: { en: 'The problem is already public', zh: '该题目已经公开' },
  groupProblemNotApplying: { en: 'The problem is not applying to become public', zh: '该题目未在申请公开' },
  groupProblemProgressInvalid: { en: 'The progress must be 2 (approve) or 3 (refuse)', zh: '进度应为 2（通过）或 3（拒绝）' },
  groupProblemHasSubmissions: { en: 'The problem is used by a contest or training of the group: remove it there first', zh: '该题目正在团队的比赛或训练中使用，请先将其移除' },
  // trainings and contests
  groupTrainingNotInGroup: { en: 'The training does not belong to this group', zh: '该训练不属于当前团队' },
  groupContestNotInGroup: { en: 'The contest does not belong to this group', zh: '该比赛不属于当前团队' },
  groupTrainingProblemNotGroup: { en: 'Only problems of this group can be added from the group', zh: '只能添加本团队的题目' },
  // discussions
  groupDiscussionClosed: { en: 'Group discussions are closed by the administrator', zh: '管理员已关闭团队讨论' },
  groupDiscussionNotInGroup: { en: 'The discussion does not belong to this group', zh: '该讨论不属于当前团队' },
  // successes (spec 03 §8)
  groupApplySuccess: { en: 'Apply Successfully', zh: '申请成功' },
  groupJoinSuccess: { en: 'Joined the group', zh: '已加入团队' },
  groupExitSuccess: { en: 'Exit Successfully', zh: '退出成功' },
  groupDisbandSuccess: { en: 'Disband Successfully', zh: '解散成功' },
  groupAvatarSuccess: { en: 'Upload avatar successfully', zh: '头像上传成功' },
  // notices sent to members
  groupNoticeApplyTitle: { en: 'New application to group {name}', zh: '团队 {name} 有新的加入申请' },
  groupNoticeWelcomeTitle: { en: 'Welcome to group {name}', zh: '欢迎加入团队 {name}' },
  groupNoticeRemovedTitle: { en: 'You were removed from group {name}', zh: '您已被移出团队 {name}' },
  groupNoticeDisbandTitle: { en: 'Group {name} was disbanded', zh: '团队 {name} 已解散' },
} as const satisfies Record<string, Msg>;
