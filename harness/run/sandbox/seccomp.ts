// A seccomp filter for the sandbox, the second layer behind the namespaces and the unprivileged uid:
// system calls no student program needs, and that reach the kernel's riskiest code or other
// processes, fail with EPERM. bubblewrap loads it (`--seccomp FD`) as a classic BPF program, which
// this file writes by hand: a handful of instructions, no libseccomp.
//
// The program, for x86_64 only (other machines run without the filter, and the sandbox says so):
//   1. a call from another ABI (i386 through int 0x80, or x32) fails: its numbers mean other calls;
//   2. each denied call fails with EPERM;
//   3. clone() that asks for a new namespace fails with EPERM; clone3() fails with ENOSYS, because
//      its flags sit in memory the filter cannot read, and libc then falls back to clone();
//   4. everything else is allowed.
import { arch } from 'node:os';

/** struct seccomp_data: nr at 0, arch at 4, instruction pointer at 8, args[i] at 16 + 8i (little-endian). */
const OFF_NR = 0;
const OFF_ARCH = 4;
const OFF_ARG0_LOW = 16;

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;

// Classic BPF opcodes.
const LD_W_ABS = 0x20; // A = *(u32 *)(data + k)
const JEQ_K = 0x15; // pc += (A == k) ? jt : jf
const JGE_K = 0x35; // pc += (A >= k) ? jt : jf
const JSET_K = 0x45; // pc += (A & k) ? jt : jf
const RET_K = 0x06;

const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;

/** x86_64 numbers of the calls the sandbox denies, and why. */
export const DENIED_X86_64: Record<string, number> = {
  // Debugging or reading other processes (the driver, a sibling test): ptrace, /proc/pid/mem's cousins.
  ptrace: 101, process_vm_readv: 310, process_vm_writev: 311, pidfd_getfd: 438, kcmp: 312,
  // File systems and namespaces: a new namespace is a fresh set of capabilities over it.
  mount: 165, umount2: 166, pivot_root: 155, chroot: 161, unshare: 272, setns: 308,
  open_tree: 428, move_mount: 429, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, mount_setattr: 442,
  open_by_handle_at: 304, name_to_handle_at: 303,
  // The kernel's own key store, BPF, performance counters, io_uring: large attack surface, no use here.
  keyctl: 250, add_key: 248, request_key: 249, bpf: 321, perf_event_open: 298, userfaultfd: 323,
  io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427, fanotify_init: 300,
  // Loading kernels and modules, rebooting, swapping, accounting, clocks, raw I/O ports.
  kexec_load: 246, kexec_file_load: 320, init_module: 175, finit_module: 313, delete_module: 176,
  reboot: 169, swapon: 167, swapoff: 168, acct: 163, settimeofday: 164, clock_settime: 227, clock_adjtime: 305, adjtimex: 159,
  iopl: 172, ioperm: 173, syslog: 103, quotactl: 179, vhangup: 153, lookup_dcookie: 212,
  // An execution domain other than Linux's (e.g. READ_IMPLIES_EXEC).
  personality: 135,
  uselib: 134, ustat: 136, sysfs: 139, _sysctl: 156, nfsservctl: 180,
};

const CLONE = 56;
const CLONE3 = 435;
/** CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET. (CLONE_NEWTIME, 0x80, shares its bit
 *  with clone()'s exit-signal byte: only unshare() and clone3() take it, and both are caught above.) */
const CLONE_NEW_ANY = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const ld = (k: number): Insn => ({ code: LD_W_ABS, jt: 0, jf: 0, k });
const ret = (k: number): Insn => ({ code: RET_K, jt: 0, jf: 0, k });

/**
 * The filter as bytes for `bwrap --seccomp FD`, or undefined on a machine it does not know the
 * system call numbers of. `machine` is Node's os.arch() name.
 */
export function seccompFilter(machine: string = arch()): Buffer | undefined {
  if (machine !== 'x64') return undefined;
  const denied = [...new Set(Object.values(DENIED_X86_64))].sort((x, y) => x - y);
  const body: Insn[] = [];
  // Layout (every jump goes forward):
  //   header: ld arch; jeq x86_64; ld nr; jge x32-bit        (4)
  //   one jeq per denied call, then clone and clone3          (n + 2)
  //   ret ALLOW                                               (everything else)
  //   clone check: ld arg0; jset CLONE_NEW* ; ret ALLOW       (3)
  //   ret EPERM; ret ENOSYS
  const header = 4;
  const compares = denied.length + 2;
  const at = { clone: header + compares + 1, eperm: header + compares + 4, enosys: header + compares + 5 };
  const total = at.enosys + 1;
  const jumpTo = (from: number, target: number) => {
    const d = target - (from + 1);
    if (d < 0 || d > 255) throw new Error(`seccomp: jump out of range (${d})`);
    return d;
  };
  body.push(ld(OFF_ARCH));
  body.push({ code: JEQ_K, jt: 0, jf: jumpTo(1, at.eperm), k: AUDIT_ARCH_X86_64 });
  body.push(ld(OFF_NR));
  body.push({ code: JGE_K, jt: jumpTo(3, at.eperm), jf: 0, k: X32_SYSCALL_BIT });
  for (const nr of denied) body.push({ code: JEQ_K, jt: jumpTo(body.length, at.eperm), jf: 0, k: nr });
  body.push({ code: JEQ_K, jt: jumpTo(body.length, at.clone), jf: 0, k: CLONE });
  body.push({ code: JEQ_K, jt: jumpTo(body.length, at.enosys), jf: 0, k: CLONE3 });
  body.push(ret(RET_ALLOW));
  body.push(ld(OFF_ARG0_LOW));
  body.push({ code: JSET_K, jt: jumpTo(body.length, at.eperm), jf: 0, k: CLONE_NEW_ANY >>> 0 });
  body.push(ret(RET_ALLOW));
  body.push(ret(RET_ERRNO | EPERM));
  body.push(ret(RET_ERRNO | ENOSYS));
  if (body.length !== total) throw new Error(`seccomp: layout mismatch (${body.length} != ${total})`);
  const out = Buffer.alloc(body.length * 8);
  body.forEach((x, i) => {
    out.writeUInt16LE(x.code, i * 8);
    out.writeUInt8(x.jt, i * 8 + 2);
    out.writeUInt8(x.jf, i * 8 + 3);
    out.writeUInt32LE(x.k >>> 0, i * 8 + 4);
  });
  return out;
}

/** A tiny classic-BPF interpreter for the filter above (for the tests): what a call with these values returns. */
export function evaluateFilter(filter: Buffer, data: { nr: number; arch?: number; arg0?: number }): { action: 'allow' | 'errno'; errno?: number } {
  const mem = Buffer.alloc(64);
  mem.writeUInt32LE(data.nr >>> 0, OFF_NR);
  mem.writeUInt32LE((data.arch ?? AUDIT_ARCH_X86_64) >>> 0, OFF_ARCH);
  mem.writeUInt32LE((data.arg0 ?? 0) >>> 0, OFF_ARG0_LOW);
  let a = 0;
  for (let pc = 0; pc * 8 < filter.length; pc++) {
    const code = filter.readUInt16LE(pc * 8), jt = filter.readUInt8(pc * 8 + 2), jf = filter.readUInt8(pc * 8 + 3), k = filter.readUInt32LE(pc * 8 + 4);
    switch (code) {
      case LD_W_ABS: a = mem.readUInt32LE(k); break;
      case JEQ_K: pc += a === k ? jt : jf; break;
      case JGE_K: pc += a >= k ? jt : jf; break;
      case JSET_K: pc += (a & k) !== 0 ? jt : jf; break;
      case RET_K: return k === RET_ALLOW ? { action: 'allow' } : { action: 'errno', errno: k & 0xffff };
      default: throw new Error(`seccomp: unknown opcode ${code}`);
    }
  }
  throw new Error('seccomp: fell off the end of the filter');
}
