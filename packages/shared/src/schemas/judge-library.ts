import { z } from 'zod';
import { vo } from './common.js';
import { epochMs } from './site.js';

/** Admin → Judge library (issue 28): one uploaded header; `username` null when its uploader is gone. */
export const judgeLibraryFile = vo({
  name: z.string(), size: z.number().int(), sha256: z.string(), uid: z.number().int(), username: z.string().nullable(), gmtModified: epochMs,
});
export type JudgeLibraryFile = z.infer<typeof judgeLibraryFile>;
/** GET admin/judge-library: the files and the version (hash) they make together. */
export const judgeLibraryList = vo({ version: z.string(), files: z.array(judgeLibraryFile) });
export type JudgeLibraryList = z.infer<typeof judgeLibraryList>;
