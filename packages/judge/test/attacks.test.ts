/**
 * The attack suite of issue 3. Every hostile program runs only inside the sandbox: the whole file
 * is skipped (loudly, see helpers.ts) unless the box is PID 1 of its own PID namespace, and
 * Box.open refuses to start otherwise.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesDir } from '../src/sandbox/paths.js';
import { cleanupProblems, judge, makeProblem, processesNamed, sandboxReady } from './helpers.js';

const C = 'C With O2';
const HEAD = `#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sched.h>
#include <fcntl.h>
#include <dirent.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <netinet/in.h>
#include <arpa/inet.h>
`;
const safeProblem = () => makeProblem({ tests: { 1: ['', 'safe\n'], 2: ['', 'safe\n'] }, timeLimit: 1000, memoryLimit: 64 });

describe.skipIf(!sandboxReady)('attack suite (inside the sandbox only)', () => {
  let problem: string;
  let tcp: Server;
  let tcpConnections = 0;
  const PORT = 18100 + (process.pid % 50);
  const fakeData = `/var/tmp/verdict-fake-data-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    problem = safeProblem();
    mkdirSync(fakeData, { recursive: true });
    writeFileSync(`${fakeData}/secret.txt`, 'judge data');
    tcp = createServer((s) => { tcpConnections++; s.destroy(); });
    await new Promise<void>((r) => tcp.listen(PORT, '127.0.0.1', () => r()));
  });
  afterAll(() => {
    tcp?.close();
    rmSync(fakeData, { recursive: true, force: true });
    cleanupProblems();
  });

  it('fork bomb: contained by the pids limit, TLE, host unaffected', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){ for(;;) fork(); }`);
    expect(r.status).toBe('TLE');
    // The machine still judges normally right after.
    expect((await judge(problem, C, `${HEAD} int main(){ puts("safe"); }`)).status).toBe('AC');
  });

  it('memory bomb: MLE', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){ for(;;){ char*p=malloc(1<<20); memset(p,1,1<<20);} }`);
    expect(r.status).toBe('MLE');
  });

  it('several processes each under the limit but together over it: MLE', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      for(int i=0;i<4;i++) if(fork()==0){ volatile char*p=malloc(30<<20); for(int k=0;k<(30<<20);k+=4096) p[k]=1; sleep(1); _exit(p[4096]);}
      while(wait(NULL)>0); puts("safe"); }`);
    expect(r.status).toBe('MLE');
  });

  it('output flood: stopped as Output Limit Exceeded', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){ for(;;) fputs("floodfloodfloodflood", stdout); }`);
    expect(r.status).toBe('RE');
    expect(r.cases[0].message).toBe('Output Limit Exceeded');
  });

  it('writes to /tmp and the work dir do not survive into the next case or reach the host', async () => {
    const mark = `verdict-mark-${randomBytes(4).toString('hex')}`;
    const r = await judge(problem, C, `${HEAD} int main(){
      if (access("/tmp/${mark}", F_OK)==0 || access("/w/${mark}", F_OK)==0) { puts("leak"); return 0; }
      FILE*a=fopen("/tmp/${mark}","w"); FILE*b=fopen("/w/${mark}","w"); if(!a||!b){puts("nowrite");return 0;}
      fputs("x",a); fclose(a); fclose(b); puts("safe"); }`);
    expect(r.status).toBe('AC');
    expect(r.cases.map((c) => c.status)).toEqual(['AC', 'AC']);
    expect(existsSync(`/tmp/${mark}`)).toBe(false);
  });

  it('writes to /etc and /usr are refused', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      if (fopen("/etc/passwd","a") || fopen("/etc/verdict-owned","w") || fopen("/usr/bin/verdict-owned","w")) puts("owned"); else puts("safe"); }`);
    expect(r.status).toBe('AC');
  });

  it("another run's directory and the judge's state are invisible", async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      DIR*d=opendir("${boxesDir()}"); DIR*e=opendir("/w/.."); int others=0; struct dirent*x;
      while(e && (x=readdir(e))) if(strstr(x->d_name,"-")) others++;
      if (d || others) puts("seen"); else puts("safe"); }`);
    expect(r.status).toBe('AC');
  });

  it('/etc/shadow and the server data dir cannot be read', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      if (open("/etc/shadow",O_RDONLY)>=0 || open("${fakeData}/secret.txt",O_RDONLY)>=0 || open("/root",O_RDONLY)>=0) puts("read"); else puts("safe"); }`);
    expect(r.status).toBe('AC');
  });

  it('TCP to 127.0.0.1 (the server port) fails: no network', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      int s=socket(AF_INET,SOCK_STREAM,0); struct sockaddr_in a={0}; a.sin_family=AF_INET; a.sin_port=htons(${PORT});
      inet_pton(AF_INET,"127.0.0.1",&a.sin_addr);
      if (s>=0 && connect(s,(struct sockaddr*)&a,sizeof a)==0) puts("connected"); else puts("safe"); }`);
    expect(r.status).toBe('AC');
    expect(tcpConnections).toBe(0);
  });

  it('kill(-1, SIGKILL) hits nothing outside the box and not the box runner', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){ kill(-1, SIGKILL); puts("safe"); }`);
    // Both cases ran: the runner (PID 1 of the box) survived the first case's kill(-1).
    expect(r.status).toBe('AC');
    expect(r.cases).toHaveLength(2);
  });

  it('a background process cannot outlive its run', async () => {
    const name = `vj${randomBytes(3).toString('hex')}`;
    const t0 = Date.now();
    const r = await judge(problem, C, `${HEAD} int main(){
      if (fork()==0) { prctl(PR_SET_NAME, "${name}"); setsid(); close(1); sleep(30); _exit(0); }
      puts("safe"); return 0; }`);
    expect(r.status).toBe('AC');
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(processesNamed(name)).toEqual([]);
  });

  it('sleeping forever is stopped by the wall-time limit: TLE', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){ sleep(1000); puts("safe"); }`);
    expect(r.status).toBe('TLE');
  });

  it('nested user namespaces, mount and ptrace are refused', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      int bad = 0;
      if (unshare(CLONE_NEWUSER)==0) bad++;
      if (unshare(CLONE_NEWNS)==0) bad++;
      if (ptrace(PTRACE_TRACEME,0,0,0)==0) bad++;
      if (ptrace(PTRACE_ATTACH,1,0,0)==0) bad++;
      if (syscall(SYS_keyctl,0,0,0,0,0)>=0) bad++;
      if (syscall(SYS_bpf,0,0,0)>=0) bad++;
      if (syscall(SYS_mount,"none","/tmp","tmpfs",0,0)==0) bad++;
      puts(bad ? "escaped" : "safe"); }`);
    expect(r.status).toBe('AC');
  });

  it('a symlink planted as the output file is not followed by the judge (no host file leaks)', async () => {
    const secret = readFileSync('/etc/hostname', 'utf8');
    const p = makeProblem({ tests: { 1: ['', secret] } });
    const r = await judge(p, C, `${HEAD} int main(){ unlink("/w/.stdout"); symlink("/etc/hostname", "/w/.stdout"); return 0; }`);
    expect(r.status).toBe('WA');
    expect(r.cases[0].message).toMatch(/not found/);
  });

  it('filling the disk is bounded by the box (tmpfs work dir charged to its memory)', async () => {
    const r = await judge(problem, C, `${HEAD} int main(){
      static char block[1<<20]; memset(block, 'x', sizeof block); char name[64];
      for (int i = 0; i < 3000; i++) { sprintf(name, "/w/fill%d", i); FILE* f = fopen(name, "w");
        if (!f || fwrite(block, 1, sizeof block, f) != sizeof block || fclose(f) != 0) { puts("safe"); return 0; } }
      puts("filled"); }`);
    expect(['MLE', 'AC']).toContain(r.status);
  });

  it('compile bombs end as Compile Error within the compile limits', async () => {
    const random = await judge(problem, C, '#include "/dev/random"\nint main(){}');
    expect(random.status).toBe('CE');
    const constexprLoop = await judge(problem, 'C++ 17', `constexpr long f(){ long s=0; for(long i=0;i<(1L<<40);i++) s+=i%7; return s; }
      static_assert(f() > 0, "x"); int main(){}`);
    expect(constexprLoop.status).toBe('CE');
  });
});
