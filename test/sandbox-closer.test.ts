// The bash that closes inherited descriptors (sandbox/fds.ts) runs before every test of a batch started
// from a shell with a descriptor above 9 open (a CI step, a tool's job shell). It must run nothing of the
// grader's own shell set-up: Debian's bash runs ~/.bashrc for a `bash -c` whose stdin is a socket (what
// Node's pipes are) when SHLVL is unset, and any `bash -c` runs $BASH_ENV. A `pyenv init` there cost
// ~130 ms a test, and under a batch its lock loop (`sleep 0.1`) was judged the student's waiting.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closer } from '../harness/run/sandbox/fds.js';

const prefix = closer(undefined);

describe('the descriptor closer', () => {
  it.skipIf(prefix.length === 0)('reads neither ~/.bashrc nor $BASH_ENV, with a socket for stdin and no SHLVL', async () => {
    const home = mkdtempSync(join(tmpdir(), 'closer-home-'));
    const marker = join(home, 'ran.txt');
    writeFileSync(join(home, '.bashrc'), `echo bashrc >> ${marker}\n`);
    writeFileSync(join(home, 'env.sh'), `echo BASH_ENV >> ${marker}\n`);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, BASH_ENV: join(home, 'env.sh') };
    delete env.SHLVL;
    // stdio 'pipe' gives the child a socket for stdin (libuv's pipes are socketpairs), as the runners do.
    const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const p = spawn(prefix[0], [...prefix.slice(1), '/bin/echo', 'ran'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
      let text = '';
      p.stdout.on('data', (b: Buffer) => (text += b));
      p.on('close', (code) => resolve({ code, text }));
    });
    expect(out).toEqual({ code: 0, text: 'ran\n' });
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '', 'start-up files the closer ran').toBe('');
  });
});
