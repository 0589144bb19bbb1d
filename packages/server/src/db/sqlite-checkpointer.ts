import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite copies the write-ahead log back into the database file (a checkpoint, with its fsyncs)
 * inside whichever commit crosses `wal_autocheckpoint` pages: that commit, a submit or a verdict
 * say, then takes several milliseconds longer than the rest. Here a worker thread with its own
 * connection runs PASSIVE checkpoints (they never block readers or the writer) once the log has
 * grown, so commits on the serving thread stop paying for them. The serving connection keeps a
 * high autocheckpoint as the safety net should the thread fall behind or die.
 */
export const SAFETY_AUTOCHECKPOINT_PAGES = 20_000;
/** Log size (bytes) past which the thread is started and asked to checkpoint. */
const WAL_TRIGGER_BYTES = 2 * 1024 * 1024;
const POLL_MS = 500;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); process.exit(0); }
  try { checkpoint.get(); } catch (err) { parentPort.postMessage(String(err && err.message)); }
  parentPort.postMessage('done');
});
`;

export interface Checkpointer { stop: () => Promise<void> }

export function startCheckpointer(file: string, onError: (msg: string) => void): Checkpointer {
  const wal = `${file}-wal`;
  let worker: Worker | null = null;
  let busy = false;
  let stopped = false;
  let seen = 0;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    let st: fs.Stats;
    try { st = fs.statSync(wal); } catch { return; }
    // The file keeps its size after a checkpoint (it is reused from the start): written since
    // the last pass and large is the signal.
    if (st.size < WAL_TRIGGER_BYTES || st.mtimeMs === seen) return;
    seen = st.mtimeMs;
    if (!worker) {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } });
      worker.unref();
      worker.on('message', (m: string) => { if (m === 'done') busy = false; else onError(m); });
      // A dead thread is replaced on a later tick; until then autocheckpoint covers.
      worker.on('error', (err) => { onError(err.message); worker = null; busy = false; });
      worker.on('exit', () => { worker = null; busy = false; });
    }
    busy = true;
    worker.postMessage('checkpoint');
  }, POLL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      const w = worker;
      if (!w) return;
      // The thread is unreferenced so it never keeps a process alive; while it is being closed it
      // must be, or a shutdown that waits for nothing else ends the process mid-close.
      w.ref();
      await new Promise<void>((resolve) => { w.once('exit', () => resolve()); w.postMessage('close'); });
    },
  };
}
