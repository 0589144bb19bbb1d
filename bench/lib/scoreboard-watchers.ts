/**
 * The surge's scoreboard watchers (bench/surge.ts), in a process of their own: 200 browsers are
 * 200 clients, not tasks on the event loop that times the submits. In one process, every rank
 * signal made that loop parse 200 stream chunks and 200 rank answers, and a submit's answer
 * waited behind them before its latency was taken; the watchers also shared the submits' socket
 * pool. The server sees the same streams and fetches either way.
 *
 *   child: node --import tsx scoreboard-watchers.ts <port> <cid> <count>
 *   parent: startWatchers(port, cid, count) → stop() resolves with every watcher's record.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface WatcherRecord {
  /** Rank fetches that answered 200: when each started and ended (ms since the epoch). */
  fetches: { start: number; end: number }[];
  /** When rank signals arrived. */
  signals: number[];
  /** The spans the stream was open; `close` is null while still open at the end. */
  spans: { open: number; close: number | null }[];
  /** Stream answers other than 200, by status (a refused reconnect). */
  refused: Record<string, number>;
}

/**
 * A scoreboard watcher: the public scoreboard's live stream; on each rank signal it refetches the
 * first rank page after a random wait of up to half a second, at most once a second (as the web
 * client's scoreboard does: useLiveSignal with spreadMs). Reconnects a second after a drop.
 */
class Watcher {
  readonly record: WatcherRecord = { fetches: [], signals: [], spans: [], refused: {} };
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;
  private closed = false;
  private req: http.ClientRequest | null = null;

  constructor(private readonly port: number, private readonly cid: number, private readonly agent: http.Agent) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    let buf = '';
    let again = false;
    // Once per connection, whichever way it ends (a killed server process only closes the socket).
    const reconnect = () => {
      if (again) return;
      again = true;
      setTimeout(() => this.connect(), 1000);
    };
    const req = http.get({ host: '127.0.0.1', port: this.port, path: `/api/stream?cid=${this.cid}&board=1`, agent: false }, (res) => {
      const span: WatcherRecord['spans'][number] = { open: Date.now(), close: null };
      if (res.statusCode === 200) this.record.spans.push(span);
      else {
        let text = '';
        res.on('data', (c: string) => { text += c; });
        res.on('end', () => {
          const why = `${res.statusCode} ${text.slice(0, 120)}`;
          this.record.refused[why] = (this.record.refused[why] ?? 0) + 1;
        });
      }
      res.once('close', () => { span.close = Date.now(); });
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        buf += c;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.includes('event: rank')) {
            this.record.signals.push(Date.now());
            this.signal();
          }
        }
      });
      res.on('close', reconnect);
      res.on('error', () => {});
    });
    req.on('error', reconnect);
    req.on('close', reconnect);
    this.req = req;
  }

  private signal() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.fetch();
    }, Math.max(Math.random() * 500, this.last + 1000 - Date.now()));
  }

  private async fetch() {
    if (this.inFlight) return this.signal();
    this.inFlight = true;
    this.last = Date.now();
    const start = Date.now();
    if (await this.rankPage()) this.record.fetches.push({ start, end: Date.now() });
    this.inFlight = false;
  }

  /** The public scoreboard's first page; false on an error or a killed server process (the next signal fetches again). */
  private rankPage(): Promise<boolean> {
    const payload = JSON.stringify({ cid: this.cid, currentPage: 1, limit: 50 });
    return new Promise((resolve) => {
      const req = http.request({
        host: '127.0.0.1', port: this.port, path: '/api/get-contest-outside-scoreboard', method: 'POST', agent: this.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(false));
      req.end(payload);
    });
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.req?.destroy();
  }
}

/**
 * Starts `count` watchers in a child process; `ready` resolves once every one holds its stream and
 * has fetched the rank it opened with (a contest's watchers are there before its surge), stop()
 * closes them and returns their records.
 */
export function startWatchers(port: number, cid: number, count: number) {
  const child = fork(fileURLToPath(import.meta.url), [String(port), String(cid), String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<void>((resolve) => {
    const onReady = (m: unknown) => { if (m === 'ready') { child.off('message', onReady); resolve(); } };
    child.on('message', onReady);
  });
  return {
    ready,
    stop: () => new Promise<WatcherRecord[]>((resolve, reject) => {
      child.on('message', (m) => { if (Array.isArray(m)) resolve(m as WatcherRecord[]); });
      child.once('exit', (code) => reject(new Error(`the watcher process exited with ${code} before answering`)));
      child.send('stop');
    }),
    kill: () => { if (child.exitCode === null) child.kill('SIGKILL'); },
  };
}

// Child mode.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const [port, cid, count] = process.argv.slice(2).map(Number);
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const watchers = Array.from({ length: count }, () => new Watcher(port, cid, agent));
  // A bench killed without its cleanup must not leave 200 streams behind: they would reconnect to
  // the next run's server on the same port and double its watchers.
  process.on('disconnect', () => process.exit(0));
  const settled = setInterval(() => {
    if (watchers.every((w) => w.record.spans.length && w.record.fetches.length)) {
      clearInterval(settled);
      process.send!('ready');
    }
  }, 100);
  process.on('message', (m) => {
    if (m !== 'stop') return;
    clearInterval(settled);
    for (const w of watchers) w.close();
    agent.destroy();
    process.send!(watchers.map((w) => w.record), () => process.exit(0));
  });
}
