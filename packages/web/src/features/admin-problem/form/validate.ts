import type { MsgKey } from '@verdict/shared';
import type { ProblemFormState } from './state';

export type Failure = { key: MsgKey; vars?: Record<string, string | number> };

const isNonNegInt = (v: unknown) => v !== null && v !== undefined && v !== '' && Number.isInteger(Number(v)) && Number(v) >= 0;

/** The form rules of spec 03 §5 in the form's order; the first failure is returned. `contest`: the form works in a contest. */
export function validateForm(f: ProblemFormState, compiledOk: boolean, contest?: { displayId: string; displayTitle: string }): Failure | null {
  if (!f.problemId.trim()) return { key: 'problemIdRequired' };
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(f.problemId.trim())) return { key: 'problemIdInvalid' };
  // In a contest both the contest display ID and the display title are required.
  if (contest && !contest.displayId.trim()) return { key: 'contestDisplayIdRequired' };
  if (contest && !contest.displayTitle.trim()) return { key: 'contestDisplayTitleRequired' };
  if (!f.title.trim()) return { key: 'problemTitleRequired' };
  if (!f.isRemote && !f.input.trim()) return { key: 'problemInputRequired' };
  if (!f.isRemote && !f.output.trim()) return { key: 'problemOutputRequired' };
  if (f.isFileIO && (!f.ioReadFileName.trim() || !f.ioWriteFileName.trim())) return { key: 'fileIoNamesRequired' };
  if (!f.isRemote) {
    const cases = f.isUploadCase ? f.uploadCases : f.manualCases;
    if (!cases.length) return { key: 'judgeSamplesRequired' };
    if (!f.isUploadCase) {
      const i = cases.findIndex((c) => !c.input && !c.output);
      if (i >= 0) return { key: 'sampleInputOrOutputRequired', vars: { n: i + 1 } };
    }
    for (let i = 0; i < cases.length; i++) {
      if (f.type === 1 && !isNonNegInt(cases[i].score)) return { key: 'caseScoreInvalid', vars: { n: i + 1 } };
      if (f.judgeCaseMode.startsWith('subtask') && !(Number(cases[i].groupNum) >= 1)) return { key: 'caseGroupRequired', vars: { n: i + 1 } };
    }
  }
  if (f.judgeMode !== 'default') {
    if (!f.spjCode.trim()) return { key: 'spjCodeRequired' };
    if (!compiledOk) return { key: 'spjNotCompiled' };
  }
  if (!f.isRemote && !f.languages.length) return { key: 'problemLanguagesRequired' };
  const emptyTpl = f.codeTemplates.find((t) => t.status && !t.code.trim());
  if (emptyTpl) return { key: 'codeTemplateEmpty', vars: { lang: emptyTpl.language } };
  const seen = new Set<string>();
  for (const t of f.tags) {
    const k = t.name.trim().toLowerCase();
    if (seen.has(k)) return { key: 'duplicateTag', vars: { name: t.name } };
    seen.add(k);
  }
  return null;
}
