import type { Selectable } from 'kysely';
import type { ProblemTable, SubmissionTable } from '../../db/schema.js';

/**
 * The rows the submission module reads and writes, on their own so that the helpers of a submit
 * (write-at-once.ts, case-results.ts) name them without importing the service that calls them.
 */
export type SubmissionRow = Selectable<SubmissionTable>;
export type ProblemRow = Selectable<ProblemTable>;
/** What a submission's visibility needs of its problem. */
export type ProblemVisibility = Pick<ProblemRow, 'auth' | 'gid' | 'author_uid'>;
