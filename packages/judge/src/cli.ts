#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { detectLanguages } from './languages/detect.js';
import { runLocal, toReport } from './local/problem-dir.js';
import { detectCapabilities } from './sandbox/capabilities.js';
import { startWorker } from './worker/worker.js';

const USAGE = `verdict-judge --server URL --token T [--slots N] [--name X] [--local]   run a judge worker
verdict-judge run --problem DIR --language NAME --source FILE      judge one file locally, print JSON
verdict-judge languages                                            the language registry with availability (JSON)
verdict-judge capabilities                                         the sandbox's isolation level (JSON)`;

/**
 * Writes to stdout/stderr and resolves once the text is handed to the OS. process.exit() right
 * after console.log loses whatever a pipe has not taken yet (JSON cut at 64 KiB, issue 11).
 */
function emit(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}

const print = (text: string) => emit(process.stdout, `${text}\n`);

async function main(argv: string[]): Promise<number> {
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'worker';
  const rest = command === 'worker' ? argv : argv.slice(1);
  const { values } = parseArgs({
    args: rest,
    options: {
      server: { type: 'string' }, token: { type: 'string' }, slots: { type: 'string' }, name: { type: 'string' },
      problem: { type: 'string' }, language: { type: 'string' }, source: { type: 'string' }, help: { type: 'boolean' }, local: { type: 'boolean' },
    },
  });
  if (values.help) {
    await print(USAGE);
    return 0;
  }
  if (command === 'languages') {
    await print(JSON.stringify(await detectLanguages(), null, 2));
    return 0;
  }
  if (command === 'capabilities') {
    await print(JSON.stringify(detectCapabilities(), null, 2));
    return 0;
  }
  if (command === 'run') {
    if (!values.problem || !values.language || !values.source) throw new Error(`run needs --problem, --language and --source\n${USAGE}`);
    const result = await runLocal(values.problem, values.language, readFileSync(values.source, 'utf8'));
    await print(JSON.stringify(toReport(result), null, 2));
    return 0;
  }
  if (command !== 'worker') throw new Error(`unknown command ${command}\n${USAGE}`);
  const token = values.token ?? process.env.JUDGE_TOKEN;
  if (!values.server || !token) throw new Error(`--server and --token (or JUDGE_TOKEN) are required\n${USAGE}`);
  // Listen first: a signal during registration must still stop the worker cleanly.
  const stopSignal = new Promise<void>((resolve) => {
    for (const sig of ['SIGTERM', 'SIGINT'] as const) process.once(sig, () => resolve());
  });
  const worker = await startWorker({ server: values.server, token, slots: Number(values.slots ?? 1) || 1, name: values.name, local: values.local });
  await stopSignal;
  await worker.stop();
  return 0;
}

// Every path exits only after its output has drained.
main(process.argv.slice(2)).then(
  async (code) => {
    await emit(process.stdout, '');
    process.exit(code);
  },
  async (e) => {
    await emit(process.stderr, `verdict-judge: ${(e as Error).message}\n`);
    process.exit(1);
  },
);
