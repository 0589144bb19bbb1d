/**
 * Source of `boxrun`, the small process runner that lives as PID 1 inside every box. It is
 * compiled once per machine with the system gcc (see boxrun-build.ts). Keeping one runner alive for
 * all the cases of a submission avoids a bwrap start per case; being PID 1 of the box's PID
 * namespace it is immune to kill(-1, SIGKILL) from the program, reaps every orphan, and kills
 * whatever the program left behind before it reports.
 *
 * Protocol (stdin -> runner, one field per line; runner -> stdout, one line per reply):
 *   R wallMs cpuSec asBytes stackBytes fsizeBytes nproc nofile argc envc order
 *     stdin stdout stderr cwd argv... env...        ("-" means /dev/null; numbers < 0: unset)
 *     order bit 1 opens stdout before stdin: two boxes joined by FIFOs open them in the same order,
 *     so neither blocks forever and neither sees a premature end of file.
 *     order bit 2 (the interactor's side): the runner holds its own ends of the FIFOs too (a read
 *     end of stdin opened before the program's, a write end of stdout once it runs) until it has
 *     reaped the program, and reports whether stdin still had a writer then: the other side's
 *     program can see the end of file or EPIPE only after that, so "peerOpen 1" means the other
 *     program had not ended (nor closed its stdout) when this one died, whichever runner wakes first.
 *   K            kill the running program (CPU limit seen by the judge)
 *   W waitUs r   during a run: the other side of an interactive pair waited waitUs for a CPU so far
 *                and is runnable now (r = 1); counted as this run's own waits (the pair is one computation)
 *   T            empty /tmp (between cases)          -> "OK"
 *   reply to R:  E kind code utimeUs stimeUs maxrssKb wallUs wallTimeout killed waitUs peerOpen
 *     kind: x exited (code), s signalled (signal), f could not start (errno)
 *     waitUs: the run's starvation allowance (below), 0 when its wall clock never ran out
 *     peerOpen: with order bit 2, 1 / 0 as above; -1 otherwise or when unknown
 *
 * The wall limit counts only the time the program could have run. The boxes run at the smallest
 * CPU weight (cgroup.ts), so on a machine busy with other work a program may wait on the run queue
 * for seconds: that wait is not the program's. When the deadline comes, the runner adds the run
 * queue waits of every task of the box (the kernel's /proc/PID/task/TID/schedstat, second field;
 * a sleeping task does not wait there, so a program that sleeps still times out on time) and moves
 * the deadline by that much, up to WAIT_ALLOWANCE times the wall limit. The judge allows for it too.
 * A wait reaches schedstat only when it ends, so while a task of the box is runnable at the
 * deadline the runner looks again every 20 ms, up to the same allowance. A program still runnable
 * there has starved (waitUs is then the whole allowance): the judge runs it again later.
 */
/** The wall limit is extended by the box's CPU waits up to this many times itself (the judge waits that long too). */
export const WAIT_ALLOWANCE = 4;

export const BOXRUN_SOURCE = String.raw`
#define _GNU_SOURCE
#define WAIT_ALLOWANCE ${WAIT_ALLOWANCE}
#define RUNNABLE_RECHECK_US 20000LL
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char inbuf[1 << 16];
static size_t inlen = 0;

/* Blocking read of one line from stdin; returns NULL on EOF. */
static char *next_line(void) {
  static char line[1 << 16];
  for (;;) {
    char *nl = memchr(inbuf, '\n', inlen);
    if (nl) {
      size_t n = (size_t)(nl - inbuf);
      memcpy(line, inbuf, n);
      line[n] = 0;
      memmove(inbuf, nl + 1, inlen - n - 1);
      inlen -= n + 1;
      return line;
    }
    if (inlen == sizeof inbuf) return NULL;
    ssize_t r = read(0, inbuf + inlen, sizeof inbuf - inlen);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return NULL;
    inlen += (size_t)r;
  }
}

static int kill_all_and_reap(void) {
  for (;;) {
    kill(-1, SIGKILL);
    pid_t p = waitpid(-1, NULL, __WALL);
    if (p < 0 && errno == ECHILD) return 0;
  }
}

static long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

/* Time (us) the box's tasks (but PID 1) have spent waiting for a CPU so far, summed; *runnable: one of them is runnable now. */
static long long box_wait_us(int *runnable) {
  long long ns = 0;
  *runnable = 0;
  DIR *procs = opendir("/proc");
  if (!procs) return 0;
  struct dirent *p;
  while ((p = readdir(procs))) {
    if (p->d_name[0] < '1' || p->d_name[0] > '9' || strcmp(p->d_name, "1") == 0) continue;
    char path[300];
    snprintf(path, sizeof path, "/proc/%s/task", p->d_name);
    DIR *tasks = opendir(path);
    if (!tasks) continue;
    struct dirent *t;
    while ((t = readdir(tasks))) {
      if (t->d_name[0] == '.') continue;
      char f[600];
      snprintf(f, sizeof f, "/proc/%s/task/%s/schedstat", p->d_name, t->d_name);
      FILE *fp = fopen(f, "r");
      if (!fp) continue;
      unsigned long long on_cpu = 0, waited = 0;
      if (fscanf(fp, "%llu %llu", &on_cpu, &waited) == 2) ns += (long long)waited;
      fclose(fp);
      /* The state follows the command name, which may itself hold ") ". */
      snprintf(f, sizeof f, "/proc/%s/task/%s/stat", p->d_name, t->d_name);
      int fd = open(f, O_RDONLY);
      if (fd < 0) continue;
      char st[512];
      ssize_t n = read(fd, st, sizeof st - 1);
      close(fd);
      if (n <= 0) continue;
      st[n] = 0;
      char *end = strrchr(st, ')');
      if (end && end[1] == ' ' && end[2] == 'R') *runnable = 1;
    }
    closedir(tasks);
  }
  closedir(procs);
  return ns / 1000;
}

/* A FIFO at path (in the box), opened by the runner itself; -1 for anything else. */
static int hold_fifo(const char *path, int flags) {
  struct stat st;
  if (strcmp(path, "-") == 0 || stat(path, &st) < 0 || !S_ISFIFO(st.st_mode)) return -1;
  return open(path, flags | O_NONBLOCK | O_CLOEXEC);
}

static void set_limit(int res, long long v) {
  if (v < 0) return;
  struct rlimit rl;
  rl.rlim_cur = rl.rlim_max = v == 0 && res == RLIMIT_STACK ? RLIM_INFINITY : (rlim_t)v;
  setrlimit(res, &rl);
}

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *ftw) {
  (void)sb; (void)flag;
  if (ftw->level > 0) remove(p);
  return 0;
}

static void reply(const char *s) {
  size_t n = strlen(s), off = 0;
  while (off < n) {
    ssize_t w = write(1, s + off, n - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) _exit(1);
    off += (size_t)w;
  }
}

static int open_std(const char *path, int target, int writing) {
  int fd;
  if (strcmp(path, "-") == 0) fd = open("/dev/null", writing ? O_WRONLY : O_RDONLY);
  else if (!writing) fd = open(path, O_RDONLY);
  else fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return -1;
  if (fd != target) { if (dup2(fd, target) < 0) return -1; close(fd); }
  return 0;
}

int main(void) {
  prctl(PR_SET_DUMPABLE, 0);
  signal(SIGPIPE, SIG_IGN);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  int sfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  fcntl(0, F_SETFD, FD_CLOEXEC);
  fcntl(1, F_SETFD, FD_CLOEXEC);
  reply("READY\n");
  for (;;) {
    char *l = next_line();
    if (!l) { kill_all_and_reap(); return 0; }
    if (l[0] == 'T') { nftw("/tmp", rm_entry, 16, FTW_DEPTH | FTW_PHYS); reply("OK\n"); continue; }
    if (l[0] != 'R') continue;
    long long wall_ms, cpu_s, as_b, stack_b, fsize_b, nproc, nofile;
    int argc, envc, order;
    if (sscanf(l + 1, "%lld %lld %lld %lld %lld %lld %lld %d %d %d", &wall_ms, &cpu_s, &as_b, &stack_b,
               &fsize_b, &nproc, &nofile, &argc, &envc, &order) != 10 || argc < 1 || argc > 4096 || envc < 0 || envc > 4096) {
      reply("E f 22 0 0 0 0 0 0\n");
      continue;
    }
    char *fields[4];
    char **argv = calloc((size_t)argc + 1, sizeof(char *));
    char **envp = calloc((size_t)envc + 1, sizeof(char *));
    int bad = 0;
    for (int i = 0; i < 4 + argc + envc; i++) {
      char *f = next_line();
      if (!f) { kill_all_and_reap(); return 0; }
      char *d = strdup(f);
      if (i < 4) fields[i] = d; else if (i < 4 + argc) argv[i - 4] = d; else envp[i - 4 - argc] = d;
    }
    int errp[2];
    if (bad || pipe2(errp, O_CLOEXEC) < 0) { reply("E f 5 0 0 0 0 0 0\n"); continue; }
    /* Before the program's own open, so the kernel reports a hang-up once every writer that came after is gone. */
    int hold_in = (order & 2) ? hold_fifo(fields[0], O_RDONLY) : -1;
    long long t0 = now_us();
    pid_t child = fork();
    if (child == 0) {
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, NULL);
      signal(SIGPIPE, SIG_DFL);
      set_limit(RLIMIT_CORE, 0);
      set_limit(RLIMIT_STACK, stack_b);
      set_limit(RLIMIT_FSIZE, fsize_b);
      set_limit(RLIMIT_CPU, cpu_s);
      set_limit(RLIMIT_AS, as_b);
      set_limit(RLIMIT_NPROC, nproc);
      set_limit(RLIMIT_NOFILE, nofile);
      int e = 0;
      int bad_io = (order & 1) ? (open_std(fields[1], 1, 1) < 0 || open_std(fields[0], 0, 0) < 0)
                              : (open_std(fields[0], 0, 0) < 0 || open_std(fields[1], 1, 1) < 0);
      if (bad_io) e = errno;
      else if (strcmp(fields[2], fields[1]) == 0 && strcmp(fields[1], "-") != 0) { if (dup2(1, 2) < 0) e = errno; }
      else if (open_std(fields[2], 2, 1) < 0) e = errno;
      if (!e && chdir(fields[3]) < 0) e = errno;
      if (!e) {
        syscall(SYS_close_range, 3U, ~0U, 4U /* CLOSE_RANGE_CLOEXEC */);
        execve(argv[0], argv, envp);
        e = errno;
      }
      if (write(errp[1], &e, sizeof e) < 0) _exit(126);
      _exit(127);
    }
    close(errp[1]);
    int start_errno = 0, errp_open = 1, main_done = 0, status = 0, wall_timeout = 0, killed = 0;
    int hold = (order & 2) != 0, hold_out = -1, peer_open = -1;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    long long limit_end = t0 + wall_ms * 1000LL, deadline = limit_end, waited = 0, ext_wait = 0;
    int ext_runnable = 0;
    if (child < 0) { start_errno = errno; main_done = 1; }
    while (!main_done) {
      struct pollfd pf[3] = {{sfd, POLLIN, 0}, {0, POLLIN, 0}, {errp[0], POLLIN, 0}};
      long long left = (deadline - now_us()) / 1000;
      if (left <= 0) {
        /* Time spent waiting for a CPU does not count (see the top): the deadline moves by it. */
        int runnable;
        long long cap = wall_ms * 1000LL * WAIT_ALLOWANCE;
        waited = box_wait_us(&runnable) + ext_wait;
        if (ext_runnable) runnable = 1;
        if (waited > cap) waited = cap;
        if (limit_end + waited > deadline) { deadline = limit_end + waited; continue; }
        /* The kernel adds a wait to schedstat only when it ends: a task waiting now is not in the
           sum yet. While one is runnable (its CPU limit not spent, or the judge would have stopped
           it), look again shortly, up to the allowance; runnable at the allowance is starved. */
        if (runnable && now_us() < limit_end + cap) { deadline = now_us() + RUNNABLE_RECHECK_US; continue; }
        if (runnable) waited = cap;
        wall_timeout = 1;
        kill_all_and_reap();
        break;
      }
      int n = poll(pf, errp_open ? 3 : 2, (int)(left > 1000000 ? 1000000 : left) + 1);
      if (n < 0 && errno != EINTR) break;
      if (n <= 0) continue;
      if (pf[0].revents) {
        struct signalfd_siginfo si;
        while (read(sfd, &si, sizeof si) > 0) {}
        for (;;) {
          int st;
          struct rusage r;
          pid_t p = wait4(-1, &st, WNOHANG | __WALL, &r);
          if (p <= 0) break;
          if (p == child) { status = st; ru = r; main_done = 1; }
        }
        if (main_done && hold_in >= 0) {
          struct pollfd hp = {hold_in, POLLIN, 0};
          poll(&hp, 1, 0);
          peer_open = (hp.revents & POLLHUP) ? 0 : 1;
        }
      }
      if (errp_open && pf[2].revents) {
        int e = 0;
        ssize_t r = read(errp[0], &e, sizeof e);
        if (r == (ssize_t)sizeof e) start_errno = e;
        close(errp[0]);
        errp_open = 0;
        /* The program runs (its FIFOs are open, so a reader exists): hold its stdout too. */
        if (hold && !start_errno) hold_out = hold_fifo(fields[1], O_WRONLY);
      }
      if (pf[1].revents) {
        ssize_t r = read(0, inbuf + inlen, sizeof inbuf - inlen);
        if (r <= 0) { kill_all_and_reap(); return 0; }
        inlen += (size_t)r;
        char *nl;
        while ((nl = memchr(inbuf, '\n', inlen))) {
          size_t n = (size_t)(nl - inbuf) + 1;
          *nl = 0;
          if (inbuf[0] == 'K' && !killed) { killed = 1; kill(child, SIGKILL); }
          else if (inbuf[0] == 'W') sscanf(inbuf + 1, "%lld %d", &ext_wait, &ext_runnable);
          memmove(inbuf, inbuf + n, inlen - n);
          inlen -= n;
        }
      }
    }
    long long wall = now_us() - t0;
    kill_all_and_reap();
    if (hold_in >= 0) close(hold_in);
    if (hold_out >= 0) close(hold_out);
    if (errp_open) {
      int e = 0;
      if (read(errp[0], &e, sizeof e) == (ssize_t)sizeof e) start_errno = e;
      close(errp[0]);
    }
    char out[256];
    long long ut = (long long)ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec;
    long long stt = (long long)ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
    if (start_errno) snprintf(out, sizeof out, "E f %d 0 0 0 %lld 0 0 0 %d\n", start_errno, wall, peer_open);
    else if (WIFSIGNALED(status))
      snprintf(out, sizeof out, "E s %d %lld %lld %ld %lld %d %d %lld %d\n", WTERMSIG(status), ut, stt, ru.ru_maxrss, wall, wall_timeout, killed, waited, peer_open);
    else
      snprintf(out, sizeof out, "E x %d %lld %lld %ld %lld %d %d %lld %d\n", WEXITSTATUS(status), ut, stt, ru.ru_maxrss, wall, wall_timeout, killed, waited, peer_open);
    for (int i = 0; i < 4; i++) free(fields[i]);
    for (int i = 0; i < argc; i++) free(argv[i]);
    for (int i = 0; i < envc; i++) free(envp[i]);
    free(argv);
    free(envp);
    reply(out);
  }
}
`;
