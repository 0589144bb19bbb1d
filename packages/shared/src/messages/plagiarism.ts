import type { Msg } from './types.js';

/** Messages of the contest plagiarism check (issue 31). */
export const PLAGIARISM_MSG = {
  plagiarismCidInvalid: { en: 'The contest id must be a positive integer', zh: '比赛ID必须是正整数' },
  plagiarismSubmitIdInvalid: { en: 'The submission id must be a positive integer', zh: '提交ID必须是正整数' },
  plagiarismScopeInvalid: { en: 'The scope must be "lastAccepted" or "final"', zh: '检查范围只能是 "lastAccepted"（最后一次通过）或 "final"（最后一次提交）' },
  plagiarismMinInvalid: { en: 'The similarity must be between 0 and 1', zh: '相似度必须在0到1之间' },
  plagiarismVerdictInvalid: { en: 'The decision must be "cleared" or "cheating"', zh: '判定只能是 "cleared"（无抄袭）或 "cheating"（抄袭）' },
  plagiarismReasonTooLong: { en: 'The reason can not exceed 300 characters', zh: '理由不能超过300个字符' },
  plagiarismReasonRequired: { en: 'Give a reason the excluded users will see', zh: '请填写被取消排名的用户可以看到的理由' },
  plagiarismExcludeNeedsCheating: { en: 'Only a pair judged "cheating" can exclude its users from the rank', zh: '只有判定为抄袭的代码对才能取消其用户的排名' },
  plagiarismSamePair: { en: 'A submission can not be compared with itself', zh: '不能将提交与其自身比较' },
  plagiarismPairNotFound: { en: 'This pair is not in the contest\'s plagiarism check', zh: '该比赛的查重结果中没有这对提交' },
  plagiarismNotChecked: { en: 'This contest has not been checked for plagiarism yet', zh: '该比赛尚未进行查重' },
  plagiarismRunning: { en: 'The check of this contest is still running', zh: '该比赛的查重仍在进行中' },
  plagiarismGroupTooSmall: { en: 'Fewer than two submissions: nothing to compare', zh: '提交少于两份：无可比较' },
  plagiarismGroupSkipped: { en: '{n} empty or over-long source(s) were not compared', zh: '{n} 份空的或过长的代码未参与比较' },
  plagiarismGroupFailed: { en: 'The detector failed on this group: {reason}', zh: '查重程序在该组失败：{reason}' },
  plagiarismPartial: { en: 'The contest had not ended when the check started: submissions made later are not in it', zh: '查重开始时比赛尚未结束：之后的提交不在查重范围内' },
} as const satisfies Record<string, Msg>;
