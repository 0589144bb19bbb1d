/**
 * The seccomp deny-list of every box, written as a classic BPF program (what bwrap's --seccomp
 * expects: an array of struct sock_filter). Allow by default, refuse what a contest program never
 * needs and what could reach the kernel's riskier surfaces or other processes.
 */
const BPF_LD_W_ABS = 0x20;
const BPF_JMP_JEQ_K = 0x15;
const BPF_JMP_JGE_K = 0x35;
const BPF_JMP_JSET_K = 0x45;
const BPF_RET_K = 0x06;

const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
const RET_ALLOW = 0x7fff0000;
const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const EPERM = 1;
const ENOSYS = 38;

/** x86_64 numbers of the refused calls. */
export const DENIED_SYSCALLS_X64: Record<string, number> = {
  ptrace: 101, syslog: 103, uselib: 134, personality: 135, vhangup: 153, pivot_root: 155, adjtimex: 159,
  chroot: 161, acct: 163, settimeofday: 164, mount: 165, umount2: 166, swapon: 167, swapoff: 168, reboot: 169,
  sethostname: 170, setdomainname: 171, iopl: 172, ioperm: 173, create_module: 174, init_module: 175,
  delete_module: 176, quotactl: 179, lookup_dcookie: 212, clock_settime: 227, kexec_load: 246, add_key: 248,
  request_key: 249, keyctl: 250, unshare: 272, perf_event_open: 298, fanotify_init: 300, name_to_handle_at: 303,
  open_by_handle_at: 304, clock_adjtime: 305, setns: 308, process_vm_readv: 310, process_vm_writev: 311, kcmp: 312,
  finit_module: 313, kexec_file_load: 320, bpf: 321, userfaultfd: 323, io_uring_setup: 425, io_uring_enter: 426,
  io_uring_register: 427, open_tree: 428, move_mount: 429, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433,
  pidfd_getfd: 438, mount_setattr: 442,
};
const SYS_CLONE = 56;
const SYS_CLONE3 = 435;
/** CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET */
const CLONE_NAMESPACE_FLAGS = 0x7e020000;

type Insn = [code: number, jt: number, jf: number, k: number];

export function buildSeccompProgram(): Buffer {
  const prog: Insn[] = [
    [BPF_LD_W_ABS, 0, 0, 4], // arch
    [BPF_JMP_JEQ_K, 1, 0, AUDIT_ARCH_X86_64],
    [BPF_RET_K, 0, 0, RET_KILL_PROCESS], // i386 / other ABIs would bypass the numbers below
    [BPF_LD_W_ABS, 0, 0, 0], // syscall number
    [BPF_JMP_JGE_K, 0, 1, X32_SYSCALL_BIT],
    [BPF_RET_K, 0, 0, RET_KILL_PROCESS],
    // clone3 passes flags in memory a filter cannot read: make libc fall back to clone.
    [BPF_JMP_JEQ_K, 0, 1, SYS_CLONE3],
    [BPF_RET_K, 0, 0, RET_ERRNO | ENOSYS],
  ];
  for (const nr of Object.values(DENIED_SYSCALLS_X64)) {
    prog.push([BPF_JMP_JEQ_K, 0, 1, nr], [BPF_RET_K, 0, 0, RET_ERRNO | EPERM]);
  }
  // clone creating new namespaces is refused; plain fork / thread creation is allowed.
  prog.push(
    [BPF_JMP_JEQ_K, 0, 3, SYS_CLONE],
    [BPF_LD_W_ABS, 0, 0, 16], // low 32 bits of args[0] (flags)
    [BPF_JMP_JSET_K, 0, 1, CLONE_NAMESPACE_FLAGS],
    [BPF_RET_K, 0, 0, RET_ERRNO | EPERM],
    [BPF_RET_K, 0, 0, RET_ALLOW],
  );
  const buf = Buffer.alloc(prog.length * 8);
  prog.forEach(([code, jt, jf, k], i) => {
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
