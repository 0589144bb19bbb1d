import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { OpsError } from './errors.js';

/**
 * The backup archive: a zip written as a stream, one part at a time, with `manifest.json` last.
 *   db/<table>.ndjson       the table's rows, one JSON array a line, in key order (tables.ts)
 *   data/files/..., data/testcase/..., data/<secret>    DATA_DIR's uploads, test data, secrets
 *   manifest.json           what the parts must be (below)
 * Every part's sha256 is taken over its bytes as written; a restore checks them all before it
 * writes anything.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'verdict-backup';
export const FORMAT_VERSION = 1;

export interface TablePart { name: string; columns: string[]; rows: number; bytes: number; sha256: string }
export interface FilePart { path: string; bytes: number; sha256: string }

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  verdictVersion: string;
  createdAt: string;
  source: 'sqlite' | 'postgres';
  /** Migration level: the applied migrations, in order. */
  migrations: string[];
  sequences: Record<string, number>;
  tables: TablePart[];
  /** Paths relative to DATA_DIR. */
  files: FilePart[];
  /** Files the database names that did not exist when the backup was taken (already missing on the site). */
  missing?: string[];
}

export const tablePartName = (table: string) => `db/${table}.ndjson`;
export const filePartName = (rel: string) => `data/${rel}`;

export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  private readonly out: fs.WriteStream;

  constructor(file: string) {
    const out = fs.createWriteStream(file, { mode: 0o600 });
    this.out = out;
    this.zip.outputStream.pipe(out);
    this.written = finished(out);
    // Keeps a failed write from surfacing as an unhandled rejection before finish() awaits it.
    this.written.catch(() => {});
  }

  /** Streams one part in; resolves once its last byte has been handed to the zip. */
  async add(name: string, chunks: AsyncIterable<Buffer | string>): Promise<{ bytes: number; sha256: string }> {
    const pass = new PassThrough();
    this.zip.addReadStream(pass, name, { mtime: new Date(0) });
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    for await (const chunk of chunks) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      hash.update(buf);
      bytes += buf.length;
      if (!pass.write(buf)) await Promise.race([once(pass, 'drain'), this.written]);
    }
    pass.end();
    return { bytes, sha256: hash.digest('hex') };
  }

  /** Gives up a failed archive: its file is closed (the caller removes it). */
  abort(): void {
    this.zip.outputStream.unpipe(this.out);
    this.out.destroy();
  }

  async finish(manifest: Manifest): Promise<void> {
    this.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST, { mtime: new Date(0) });
    this.zip.end();
    await this.written;
  }
}

/** An archive opened for reading: the manifest, and each part as a stream. */
export class ArchiveReader {
  private constructor(private readonly zip: yauzl.ZipFile, private readonly entries: Map<string, yauzl.Entry>, readonly manifest: Manifest) {}

  static async open(file: string): Promise<ArchiveReader> {
    if (!fs.existsSync(file)) throw new OpsError(`No archive at ${file}`);
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, z) => (err ? reject(damaged(err)) : resolve(z))));
    try {
      const entries = await listEntries(zip);
      const m = entries.get(MANIFEST);
      if (!m) throw new OpsError('The archive has no manifest.json: it is not a Verdict backup, or it is damaged');
      const manifest = parseManifest(await readAll(await openEntry(zip, m)));
      return new ArchiveReader(zip, entries, manifest);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  async part(name: string): Promise<Readable> {
    const e = this.entries.get(name);
    if (!e) throw new OpsError(`The archive misses ${name}, which its manifest lists`);
    return openEntry(this.zip, e);
  }

  /**
   * Reads every part and checks it against the manifest (sha256, size, row count), and that the
   * archive holds nothing the manifest does not list. Nothing is written.
   */
  async verify(progress: (done: number, total: number) => void = () => {}): Promise<void> {
    const m = this.manifest;
    const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
    for (const t of m.tables) expected.set(tablePartName(t.name), t);
    for (const f of m.files) expected.set(filePartName(f.path), f);
    for (const name of this.entries.keys()) {
      if (name !== MANIFEST && !expected.has(name)) throw new OpsError(`The archive holds ${name}, which its manifest does not list: refused`);
    }
    let done = 0;
    for (const [name, want] of expected) {
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      let lines = 0;
      try {
        for await (const chunk of await this.part(name)) {
          const buf = chunk as Buffer;
          hash.update(buf);
          bytes += buf.length;
          if (want.rows !== undefined) for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
        }
      } catch (err) {
        if (err instanceof OpsError) throw err;
        throw damaged(err as Error, name);
      }
      if (bytes !== want.bytes || hash.digest('hex') !== want.sha256) throw new OpsError(`Checksum mismatch in ${name}: the archive was altered or damaged`);
      if (want.rows !== undefined && lines !== want.rows) throw new OpsError(`${name} holds ${lines} rows, its manifest says ${want.rows}`);
      progress(++done, expected.size);
    }
  }

  close(): void {
    this.zip.close();
  }
}

function damaged(err: Error, part?: string): OpsError {
  return new OpsError(`The archive is damaged or truncated${part ? ` (in ${part})` : ''}: ${err.message}`);
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (e: yauzl.Entry) => {
      if (entries.has(e.fileName)) return reject(new OpsError(`The archive holds ${e.fileName} twice: refused`));
      entries.set(e.fileName, e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err: Error) => reject(damaged(err)));
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, e: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(e, (err, s) => (err ? reject(damaged(err, e.fileName)) : resolve(s))));
}

async function readAll(s: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function parseManifest(buf: Buffer): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(buf.toString('utf8')) as Manifest;
  } catch {
    throw new OpsError('The archive manifest is not valid JSON: the archive was altered or damaged');
  }
  if (m?.format !== FORMAT) throw new OpsError('The archive is not a Verdict backup (unknown manifest format)');
  if (m.formatVersion > FORMAT_VERSION) throw new OpsError(`The archive was written by a newer Verdict (archive format ${m.formatVersion}): upgrade Verdict first`);
  if (!Array.isArray(m.tables) || !Array.isArray(m.files) || !Array.isArray(m.migrations)) throw new OpsError('The archive manifest is incomplete');
  return m;
}
