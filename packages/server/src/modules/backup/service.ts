import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_KEEP_DEFAULT, BACKUP_NAME, type BackupEntry, type BackupOverview, type BackupSettings } from '@verdict/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { backup } from '../../ops/backup.js';

/**
 * Admin → Backups (issue 34): archives written by the server itself into DATA_DIR/backups (the
 * same archive as `npm run backup`), the last `keep` kept; the daily schedule and its last run in
 * site_config under `backup`.
 */
const KEY = 'backup';
interface Stored extends BackupSettings { lastRunAt: number | null }
const DEFAULTS: Stored = { daily: true, keep: BACKUP_KEEP_DEFAULT, lastRunAt: null };
const DAY_MS = 24 * 3600_000;
/** A `.partial` archive written to within this long is a backup in progress (possibly another process's); older ones are leftovers of a stopped process. */
const PARTIAL_FRESH_MS = 2 * 60_000;

export class BackupService {
  private running: Promise<void> | null = null;
  private lastError: string | null = null;

  constructor(private readonly ctx: AppContext) {}

  get dir(): string {
    return path.join(this.ctx.config.dataDir, 'backups');
  }

  private async stored(): Promise<{ raw: string | null; value: Stored }> {
    const row = await this.ctx.db.selectFrom('site_config').select('value').where('key', '=', KEY).executeTakeFirst();
    let value = DEFAULTS;
    if (row) {
      try { value = { ...DEFAULTS, ...(JSON.parse(row.value) as Partial<Stored>) }; } catch { /* defaults */ }
    }
    return { raw: row?.value ?? null, value };
  }

  async overview(): Promise<BackupOverview> {
    const { value } = await this.stored();
    return { settings: { daily: value.daily, keep: value.keep }, running: this.isRunning(), lastError: this.lastError, lastRunAt: value.lastRunAt, backups: this.list() };
  }

  async saveSettings(settings: BackupSettings): Promise<void> {
    const { value } = await this.stored();
    const json = JSON.stringify({ ...value, ...settings });
    await this.ctx.db.insertInto('site_config').values({ key: KEY, value: json }).onConflict((oc) => oc.column('key').doUpdateSet({ value: json })).execute();
    this.prune(settings.keep);
  }

  /** Kept archives, newest first. */
  list(): BackupEntry[] {
    let names: string[];
    try { names = fs.readdirSync(this.dir); } catch { return []; }
    return names.filter((n) => BACKUP_NAME.test(n)).map((name) => {
      const st = fs.statSync(path.join(this.dir, name));
      return { name, size: st.size, createdAt: st.mtimeMs };
    }).sort((a, b) => b.createdAt - a.createdAt || (a.name < b.name ? 1 : -1));
  }

  /** The absolute path of a kept archive, or null. */
  file(name: string): string | null {
    return BACKUP_NAME.test(name) && fs.existsSync(path.join(this.dir, name)) ? path.join(this.dir, name) : null;
  }

  /** Whether an archive is being written; leftovers of a stopped process are removed on the way. */
  private isRunning(): boolean {
    if (this.running) return true;
    let names: string[];
    try { names = fs.readdirSync(this.dir); } catch { return false; }
    let fresh = false;
    for (const n of names.filter((x) => x.endsWith('.partial'))) {
      const file = path.join(this.dir, n);
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < PARTIAL_FRESH_MS) fresh = true;
      else fs.rmSync(file, { force: true });
    }
    return fresh;
  }

  /** Starts a backup in the background; returns its archive's name. Refused while one is being written. */
  start(): { name: string; done: Promise<void> } {
    if (this.isRunning()) throw new AppError(409, 'backupRunning');
    fs.mkdirSync(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    let name = `verdict-${stamp}.zip`;
    for (let n = 2; fs.existsSync(path.join(this.dir, name)); n++) name = `verdict-${stamp}-${n}.zip`;
    const site = { dataDir: this.ctx.config.dataDir, databaseUrl: this.ctx.config.databaseUrl };
    const done = backup(site, path.join(this.dir, name)).then(
      async () => {
        this.lastError = null;
        this.prune((await this.stored()).value.keep);
        this.ctx.log.info({ name }, 'backup written');
      },
      (err: Error) => {
        this.lastError = err.message;
        this.ctx.log.error({ err, name }, 'backup failed');
      },
    ).finally(() => { this.running = null; });
    this.running = done;
    return { name, done };
  }

  /** Deletes all but the newest `keep` archives. */
  prune(keep: number): void {
    for (const old of this.list().slice(keep)) fs.rmSync(path.join(this.dir, old.name), { force: true });
  }

  /**
   * The daily run: claims the day by moving `lastRunAt` with a compare-and-set on the stored
   * value, so among all server processes of the site (one machine's cluster or several servers)
   * exactly one writes the day's archive. True when this call wrote it.
   */
  async runIfDue(now = Date.now()): Promise<boolean> {
    const { raw, value } = await this.stored();
    // A new site's clock starts at its first check: its first daily archive comes a day later.
    const first = value.lastRunAt === null;
    if (!value.daily || (!first && now - value.lastRunAt! < DAY_MS) || this.isRunning()) return false;
    const json = JSON.stringify({ ...value, lastRunAt: now });
    const claimed = raw === null
      ? (await this.ctx.db.insertInto('site_config').values({ key: KEY, value: json }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst()).numInsertedOrUpdatedRows
      : (await this.ctx.db.updateTable('site_config').set({ value: json }).where('key', '=', KEY).where('value', '=', raw).executeTakeFirst()).numUpdatedRows;
    if (!Number(claimed) || first) return false;
    await this.start().done;
    return true;
  }
}
