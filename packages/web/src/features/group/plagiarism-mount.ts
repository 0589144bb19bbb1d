import type { PlagiarismMount } from '../admin-contest';

/**
 * A group contest's plagiarism screens inside the group's frame (issue 31): the group's roots reach
 * them without an admin-area role; "back" returns to the group's contest admin list.
 */
export const groupPlagiarismMount = (gid: number, cid: number): PlagiarismMount => ({
  report: `/group/${gid}/contest/${cid}/plagiarism`,
  list: `/group/${gid}/contest?view=admin`,
});
