import { JudgeStatus } from '@verdict/shared';

export interface CheckerVerdict {
  status: number; // ACCEPTED, WRONG_ANSWER, PRESENTATION_ERROR, PARTIAL_ACCEPTED or SYSTEM_ERROR
  /** Fraction of the case score earned (1 for AC, 0 for WA/PE). */
  fraction: number;
  message: string | null;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** "points X": X <= 1 is a fraction, larger values are read as a percentage. */
function pointsFraction(x: number): number {
  return clamp01(x > 1 ? x / 100 : x);
}

function partial(fraction: number, message: string | null): CheckerVerdict {
  if (fraction >= 1) return { status: JudgeStatus.ACCEPTED, fraction: 1, message };
  return { status: JudgeStatus.PARTIAL_ACCEPTED, fraction, message };
}

/**
 * Interprets a special judge (or interactor) run: testlib exit codes and stderr lines, and the
 * legacy codes of problems imported from HOJ (0/100 AC, 101 PE, 102 WA, 99 partial with a
 * percentage on stdout, 103 fail).
 */
export function parseCheckerResult(exitCode: number | null, signal: number | null, stdout: string, stderr: string): CheckerVerdict {
  const text = stderr.trim();
  const message = text.length > 0 ? text.slice(0, 1000) : null;
  if (signal !== null) return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `checker killed by signal ${signal}` };
  const lower = text.toLowerCase();
  switch (exitCode) {
    case 0:
    case 100:
      return { status: JudgeStatus.ACCEPTED, fraction: 1, message };
    case 1:
    case 102:
      return { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message };
    case 2:
    case 101:
      return { status: JudgeStatus.PRESENTATION_ERROR, fraction: 0, message };
    case 3:
    case 103:
      return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `checker failed: ${message ?? ''}`.trim() };
    case 7: {
      const m = /points\s+([-+]?\d*\.?\d+(?:e[-+]?\d+)?)/i.exec(text);
      return m ? partial(pointsFraction(Number(m[1])), message) : { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: 'checker reported points without a value' };
    }
    case 99: {
      const m = /([-+]?\d*\.?\d+)/.exec(stdout);
      return m ? partial(clamp01(Number(m[1]) / 100), message) : { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: 'checker reported partial without a percentage' };
    }
  }
  // Unknown exit code: trust a recognisable testlib message, else it is the checker's fault.
  const pc = /^partially correct\s*\(?\s*(\d+(?:\.\d+)?)/.exec(lower);
  if (pc) return partial(clamp01(Number(pc[1]) / 100), message);
  if (lower.startsWith('ok')) return { status: JudgeStatus.ACCEPTED, fraction: 1, message };
  if (lower.startsWith('wrong answer')) return { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message };
  if (lower.startsWith('wrong output format') || lower.startsWith('presentation error')) return { status: JudgeStatus.PRESENTATION_ERROR, fraction: 0, message };
  return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `checker exited with code ${exitCode}${message ? `: ${message}` : ''}` };
}

/** HUSTOJ's special judge (FPS `<spj>`): exit 0 is Accepted, any other exit Wrong Answer; a crash is the checker's fault. */
export function parseHustojResult(exitCode: number | null, signal: number | null, stderr: string): CheckerVerdict {
  const text = stderr.trim();
  const message = text.length > 0 ? text.slice(0, 1000) : null;
  if (signal !== null || exitCode === null) return { status: JudgeStatus.SYSTEM_ERROR, fraction: 0, message: `checker killed by signal ${signal}` };
  return exitCode === 0 ? { status: JudgeStatus.ACCEPTED, fraction: 1, message } : { status: JudgeStatus.WRONG_ANSWER, fraction: 0, message };
}
