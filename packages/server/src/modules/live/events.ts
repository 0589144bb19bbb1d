/**
 * What travels on the live bus. Rank and announcement events are bare "changed, refetch"
 * signals: the browser asks the normal endpoint again, which applies the seal and the viewer's
 * rights, so a stream never carries data its viewer may not see.
 */
export type LiveEvent =
  /** A status change of one submission, routed only to its submitter. */
  | { type: 'submission'; uid: number; id: number; cid: number; status: number; submitTime: number }
  /**
   * Something on a contest's rank changed (a verdict, a rejudge, a manual judge). `ver`: the
   * contest's rank version the change committed (never sent to browsers); see LiveHub.checkRanks.
   */
  | { type: 'rank'; cid: number; ver?: number }
  /** A contest announcement was added, edited or removed. */
  | { type: 'announcement'; cid: number }
  /** A user's unread message counters changed (uid 0: everybody's, e.g. a system notice). */
  | { type: 'unread'; uid: number };
