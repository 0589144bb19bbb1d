/**
 * Where one contest's plagiarism screens are mounted: the admin area's (/admin/contest/:cid/plagiarism)
 * or a group's (/group/:gid/contest/:cid/plagiarism, for the group's roots without an admin-area role).
 * The screens build their links from it, so they stay where they were opened.
 */
export interface PlagiarismMount {
  /** The results screen; a pair's side-by-side view lives under it. */
  report: string;
  /** The contest list the results screen goes back to. */
  list: string;
}

export const adminPlagiarismMount = (cid: number): PlagiarismMount => ({ report: `/admin/contest/${cid}/plagiarism`, list: '/admin/contest' });

/** A pair's side-by-side view under the results screen. */
export const pairPath = (report: string, p: { leftSubmitId: number; rightSubmitId: number }) => `${report}/${p.leftSubmitId}/${p.rightSubmitId}`;
