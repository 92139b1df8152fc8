// The seccomp filter generator (harness/run/sandbox/seccomp.ts), checked instruction by instruction with a
// small classic-BPF interpreter; the kernel's own verdict is checked inside bubblewrap by
// test/sandbox-bwrap.test.ts and the hostile fixture fixtures/hostile/python/seccomp.
import { describe, expect, it } from 'vitest';
import { DENIED_X86_64, evaluateFilter, seccompFilter } from '../harness/run/sandbox/seccomp.js';

const filter = seccompFilter('x64')!;
const EPERM = { action: 'errno', errno: 1 };
const ALLOW = { action: 'allow' };

describe('seccomp filter', () => {
  it('is a whole number of 8-byte instructions, within the kernel limit, ending in returns', () => {
    expect(filter.length % 8).toBe(0);
    expect(filter.length / 8).toBeLessThan(4096);
    expect(filter.readUInt16LE(filter.length - 8)).toBe(0x06);
  });

  it('denies every listed call with EPERM', () => {
    for (const [name, nr] of Object.entries(DENIED_X86_64)) expect(evaluateFilter(filter, { nr }), name).toEqual(EPERM);
  });

  it('allows what programs need: read, write, openat, mmap, fork through clone, execve, exit_group', () => {
    for (const nr of [0, 1, 257, 9, 59, 231, 57, 39]) expect(evaluateFilter(filter, { nr }), String(nr)).toEqual(ALLOW);
    expect(evaluateFilter(filter, { nr: 56, arg0: 0x01200011 })).toEqual(ALLOW); // clone(CLONE_CHILD_SETTID|CLEARTID|SIGCHLD), as fork() does
    expect(evaluateFilter(filter, { nr: 56, arg0: 0x003d0f00 })).toEqual(ALLOW); // a thread
  });

  it('denies clone() into a new namespace, and answers clone3() with ENOSYS so libc falls back to clone()', () => {
    for (const flag of [0x00020000, 0x10000000, 0x20000000, 0x40000000, 0x04000000, 0x08000000, 0x02000000]) {
      expect(evaluateFilter(filter, { nr: 56, arg0: flag | 17 }), flag.toString(16)).toEqual(EPERM);
    }
    expect(evaluateFilter(filter, { nr: 435 })).toEqual({ action: 'errno', errno: 38 });
  });

  it('denies the x32 ABI and any other architecture outright', () => {
    expect(evaluateFilter(filter, { nr: 0x40000000 | 39 })).toEqual(EPERM);
    expect(evaluateFilter(filter, { nr: 20, arch: 0x40000003 })).toEqual(EPERM); // i386: 20 is getpid there
  });

  it('has no filter for machines whose call numbers it does not know', () => {
    expect(seccompFilter('arm64')).toBeUndefined();
  });
});
