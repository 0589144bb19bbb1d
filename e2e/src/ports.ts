import net from 'node:net';

/** The e2e port range (18400-18499); each run picks free ports so parallel runs do not collide. */
const FIRST = 18400;
const LAST = 18499;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const out: number[] = [];
  // Start at a random point so two runs starting together rarely race for the same port.
  const offset = Math.floor(Math.random() * (LAST - FIRST + 1));
  for (let i = 0; i <= LAST - FIRST && out.length < count; i++) {
    const port = FIRST + ((offset + i) % (LAST - FIRST + 1));
    if (await isFree(port)) out.push(port);
  }
  if (out.length < count) throw new Error(`no ${count} free ports in ${FIRST}-${LAST}`);
  return out;
}
