import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { finalStatus, totalScore } from '../src/judge/case-modes.js';
import { parseCheckerResult } from '../src/judge/checker-result.js';
import { builtinChecker, compareDefault, compareFloats, compareTokens, compareYesNo } from '../src/judge/compare.js';

describe('default compare', () => {
  it('exact match is AC, CRLF normalised', () => {
    expect(compareDefault('1 2\n3\n', '1 2\n3\n', false)).toBe('AC');
    expect(compareDefault('1 2\r\n3\r\n', '1 2\n3\n', false)).toBe('AC');
  });
  it('same characters with different whitespace is PE', () => {
    expect(compareDefault('1  2\n3\n', '1 2\n3\n', false)).toBe('PE');
    expect(compareDefault('1 2 \n3\n\n', '1 2\n3\n', false)).toBe('PE');
    expect(compareDefault('12\n3', '1 2\n3\n', false)).toBe('PE');
  });
  it('different content is WA', () => {
    expect(compareDefault('1 3\n', '1 2\n', false)).toBe('WA');
    expect(compareDefault('', '1\n', false)).toBe('WA');
  });
  it('remove-end-blank ignores trailing spaces and final blank lines only', () => {
    expect(compareDefault('1 2  \n3\t\n\n\n', '1 2\n3', true)).toBe('AC');
    expect(compareDefault('1  2\n', '1 2\n', true)).toBe('PE');
    expect(compareDefault('\n1 2\n', '1 2\n', true)).toBe('PE');
  });
});

describe('built-in checkers', () => {
  it('tokens ignore layout', () => {
    expect(compareTokens('1\n2   3', '1 2 3\n')).toBe('AC');
    expect(compareTokens('1 2', '1 2 3')).toBe('WA');
  });
  it('floats accept small absolute or relative errors', () => {
    expect(compareFloats('0.3333334', '0.333333333', 1e-6)).toBe('AC');
    expect(compareFloats('1000000.5', '1000000.0', 1e-6)).toBe('AC');
    expect(compareFloats('0.34', '0.333', 1e-6)).toBe('WA');
    expect(builtinChecker('float:0.1')!('1.05', '1')).toBe('AC');
  });
  it('floats follow testlib (readDouble + doubleCompare): spellings, signed zero, infinities, layout', () => {
    // readDouble refuses nan/inf in any spelling: wrong output format, not wrong answer.
    for (const t of ['nan', 'NaN', '-nan', 'inf', '-inf', 'Infinity', 'INF', '0x1p3']) expect(compareFloats(t, '1.0', 1e-6), t).toBe('PE');
    // An answer that is not numbers is the problem's fault.
    expect(compareFloats('nan', 'nan', 1e-6)).toBe('FAIL');
    // Signs of zero are equal; so are tiny values of either sign within the error.
    expect(compareFloats('-0', '0', 1e-6)).toBe('AC');
    expect(compareFloats('0.0', '-0.0', 1e-6)).toBe('AC');
    expect(compareFloats('-0.0000005', '0', 1e-6)).toBe('AC');
    // Magnitudes above 1e300 are testlib's infinity: same sign is enough.
    expect(compareFloats('1e301', '1e305', 1e-6)).toBe('AC');
    expect(compareFloats('-1e301', '1e305', 1e-6)).toBe('WA');
    // Absolute or relative error, and plain notations strtod reads whole.
    expect(compareFloats('1000000.9', '1000000', 1e-6)).toBe('AC');
    expect(compareFloats('1000002', '1000000', 1e-6)).toBe('WA');
    expect(compareFloats('.5 5. +5e0', '0.5 5 5', 1e-6)).toBe('AC');
    expect(compareFloats('1e', '1', 1e-6)).toBe('PE');
    // Missing or extra numbers: testlib's unexpected EOF / "extra information" (PE).
    expect(compareFloats('1', '1 2', 1e-6)).toBe('PE');
    expect(compareFloats('1 2 3', '1 2', 1e-6)).toBe('PE');
    expect(compareFloats('1\r\n2\n', '1 2', 1e-6)).toBe('AC');
  });
  it('yes/no is case-insensitive', () => {
    expect(compareYesNo('YES\nno', 'yes No')).toBe('AC');
    expect(compareYesNo('YES', 'no')).toBe('WA');
    expect(builtinChecker('nonsense')).toBeNull();
  });
});

describe('checker results', () => {
  it('testlib exit codes', () => {
    expect(parseCheckerResult(0, null, '', 'ok 3 numbers').status).toBe(JudgeStatus.ACCEPTED);
    expect(parseCheckerResult(1, null, '', 'wrong answer expected 3').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(parseCheckerResult(2, null, '', 'wrong output format').status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(parseCheckerResult(3, null, '', 'FAIL bad answer file').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(parseCheckerResult(7, null, '', 'points 0.25')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, fraction: 0.25 });
    expect(parseCheckerResult(7, null, '', 'points 40')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, fraction: 0.4 });
    expect(parseCheckerResult(16, null, '', 'partially correct (50)')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, fraction: 0.5 });
  });
  it('legacy HOJ codes', () => {
    expect(parseCheckerResult(100, null, '', '').status).toBe(JudgeStatus.ACCEPTED);
    expect(parseCheckerResult(101, null, '', '').status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(parseCheckerResult(102, null, '', '').status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(parseCheckerResult(99, null, '60\n', '')).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, fraction: 0.6 });
    expect(parseCheckerResult(103, null, '', '').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
  it('a crashing or unknown checker is a system error, not the user’s fault', () => {
    expect(parseCheckerResult(null, 11, '', '').status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(parseCheckerResult(42, null, '', 'something').status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
});

describe('case modes and scores', () => {
  const c = (groupNum: number, score: number, status: number) => ({ groupNum, score, status });
  it('sum, group minimum, group floor-average', () => {
    const cases = [c(1, 0, -1), c(1, 25, 0), c(2, 25, 0), c(2, 10, 8)];
    expect(totalScore('default', cases)).toBe(60);
    expect(totalScore('subtask_lowest', cases)).toBe(10);
    expect(totalScore('subtask_average', cases)).toBe(12 + 17);
  });
  it('final status: SE wins, all AC is AC, OI with points is PA, else first failure', () => {
    expect(finalStatus(false, [c(1, 0, 0), c(1, 0, -1), c(1, 0, 1)], 0, false)).toBe(JudgeStatus.WRONG_ANSWER);
    expect(finalStatus(true, [c(1, 50, 0), c(1, 0, 1)], 50, false)).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(finalStatus(true, [c(1, 0, 1), c(1, 0, 0)], 0, false)).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(finalStatus(false, [c(1, 0, 0), c(1, 0, 4)], 0, false)).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(finalStatus(false, [c(1, 0, 0)], 0, false)).toBe(JudgeStatus.ACCEPTED);
  });
});
