import { z } from 'zod';

/**
 * A plain file name: one path component that names a file inside a directory the caller chose
 * (a judge box, a problem's test data, an upload folder). Every file name that reaches the disk
 * or the judge is checked with this rule in the shared schema and again where it is used.
 * Refused: empty, over 255 bytes, `.` and `..`, any `/` or `\`, NUL and other control
 * characters, and a leading `-` (it would read as an option to a compiler or tool).
 */
export const PLAIN_FILE_NAME_MAX = 255;

export function isPlainFileName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0) return false;
  if (new TextEncoder().encode(name).length > PLAIN_FILE_NAME_MAX) return false;
  if (name === '.' || name === '..' || name.startsWith('-')) return false;
  return !/[/\\\u0000-\u001f\u007f]/.test(name);
}

/** zod schema of a plain file name; the message key is in messages.ts (fileNameInvalid). */
export const plainFileName = z.string().refine(isPlainFileName, { message: 'fileNameInvalid' });

/** The judge library (issue 28): headers every checker / interactor / validator compile sees. */
export const JUDGE_LIBRARY_LIMITS = { fileBytes: 2 * 1024 * 1024, files: 32 } as const;

/** A judge-library file: a plain name that is a C / C++ header (testlib.h, jngen.h, ...). */
export function isJudgeLibraryName(name: unknown): name is string {
  return isPlainFileName(name) && /^[A-Za-z0-9_][A-Za-z0-9_.+-]*\.(h|hpp|hh|hxx)$/i.test(name);
}
