import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { JudgeStatus } from '@verdict/shared';
import bundle from '../src/features/submission/locale';
import { judgeProgressText } from '../src/features/submission/progress';

async function translator(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: bundle[lng] } } });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
}

// Issue 17: Codeforces names the running test ("Running on test 7") without a total.
describe('judging progress beside the status', () => {
  it('names the running test of a remote judge that tells no total, in both languages', async () => {
    const judging = { status: JudgeStatus.JUDGING, caseDone: 6, caseTotal: 0, caseCurrent: 7 };
    expect(judgeProgressText(judging, await translator('en-US'))).toBe('Running on test 7');
    expect(judgeProgressText(judging, await translator('zh-CN'))).toBe('正在运行第 7 个测试');
  });

  it('keeps k/N when the total is known (local judges, AtCoder), even with a current test', async () => {
    const t = await translator('en-US');
    expect(judgeProgressText({ status: JudgeStatus.JUDGING, caseDone: 3, caseTotal: 12 }, t)).toBe('3/12');
    expect(judgeProgressText({ status: JudgeStatus.JUDGING, caseDone: 3, caseTotal: 12, caseCurrent: 4 }, t)).toBe('3/12');
    expect(judgeProgressText({ status: JudgeStatus.JUDGING, caseDone: null, caseTotal: 5 }, t)).toBe('0/5');
  });

  it('shows a pending submission\'s place in the queue in both languages (issue 26 item 14)', async () => {
    const pending = { status: JudgeStatus.PENDING, queuePosition: 3 };
    expect(judgeProgressText(pending, await translator('en-US'))).toBe('#3 in queue');
    expect(judgeProgressText(pending, await translator('zh-CN'))).toBe('排队第 3 位');
    expect(judgeProgressText({ status: JudgeStatus.PENDING, queuePosition: null }, await translator('en-US'))).toBeNull();
    // A stale place (the task was claimed) is not shown once the submission is judged.
    expect(judgeProgressText({ status: JudgeStatus.COMPILING, queuePosition: 2 }, await translator('en-US'))).toBeNull();
  });

  it('shows nothing without progress or outside Judging', async () => {
    const t = await translator('en-US');
    expect(judgeProgressText({ status: JudgeStatus.JUDGING, caseDone: 0, caseTotal: 0, caseCurrent: 0 }, t)).toBeNull();
    expect(judgeProgressText({ status: JudgeStatus.JUDGING }, t)).toBeNull();
    expect(judgeProgressText({ status: JudgeStatus.PENDING, caseCurrent: 3 }, t)).toBeNull();
    expect(judgeProgressText({ status: JudgeStatus.ACCEPTED, caseDone: 7, caseTotal: 7 }, t)).toBeNull();
  });
});
