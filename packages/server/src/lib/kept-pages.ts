/**
 * Built pages kept per process under a version the database keeps for what they show (a
 * discussion's comment version, a user's message version): a request reads the version anyway (a
 * primary-key read), and a page built at that version is served as it is, instead of the page's
 * queries. A page built meanwhile may show a change newer than the version it is kept
 * under; the next request then sees the version moved and builds it again. What no version covers
 * (other users' names and avatars, titles) shows after `ttlMs` at the latest.
 *
 * Bounded by count and by size (`sizeOf`, e.g. the text's length): the page built longest ago goes
 * first, and the newest stays, however large.
 */
export class KeptPages<V> {
  private readonly pages = new Map<string, { ver: number | string; at: number; page: Promise<V>; size: number }>();
  private size = 0;

  constructor(private readonly opts: { maxPages: number; maxSize: number; ttlMs: number; sizeOf: (page: V) => number }) {}

  /** `ver`: a version number, or any text that changes whenever what the page shows does. */
  page(key: string, ver: number | string, build: () => Promise<V>): Promise<V> {
    const kept = this.pages.get(key);
    // Only the version it was built at: a version that went back (a restored backup, a migration
    // run again) must not be served a page of the newer state.
    if (kept && kept.ver === ver && Date.now() - kept.at < this.opts.ttlMs) return kept.page;
    const page = build();
    const entry = { ver, at: Date.now(), page, size: 0 };
    this.drop(key);
    this.pages.set(key, entry);
    page.then((built) => {
      if (this.pages.get(key) !== entry) return;
      entry.size = this.opts.sizeOf(built);
      this.size += entry.size;
      while (this.pages.size > this.opts.maxPages || (this.size > this.opts.maxSize && this.pages.size > 1)) this.drop(this.pages.keys().next().value!);
    }, () => this.drop(key, entry));
    return page;
  }

  private drop(key: string, only?: { size: number }) {
    const e = this.pages.get(key);
    if (!e || (only && e !== only)) return;
    this.size -= e.size;
    this.pages.delete(key);
  }
}
