/**
 * Run as its own process by sqlite-checkpoint.test.ts: writes enough for the checkpoint thread to
 * start, waits until it has copied the log, then closes the database with nothing else keeping
 * the process alive (as a server's shutdown does last) and says so. A close that stops waiting
 * for the thread lets Node end the process before the line is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/index.js';

const dir = process.argv[2];
const { db, close } = openDatabase({ dataDir: dir });
await sql`create table filler (id integer primary key, body text)`.execute(db);
for (let i = 0; i < 300; i++) await sql`insert into filler (body) values (${'x'.repeat(20_000)})`.execute(db);
const file = path.join(dir, 'verdict.db');
for (let waited = 0; waited < 10_000 && fs.statSync(file).size < 5 * 1024 * 1024; waited += 100) await new Promise((r) => setTimeout(r, 100));
await close();
console.log('closed');
