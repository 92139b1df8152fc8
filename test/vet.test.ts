// gradekit vet: known-correct solutions graded, every scored test one of them fails listed with its
// basis; exit 1 when there is one. A wrong solution slipped into the folder is exactly such a case.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import '../reference/register.js';
import { registerVetCommand } from '../harness/vet/cli.js';
import { rootPath } from '../harness/paths.js';

const work = mkdtempSync(join(tmpdir(), 'gradekit-vet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function vet(args: string[]): Promise<{ code: number | undefined; out: string }> {
  const program = new Command().name('gradekit').exitOverride();
  let code: number | undefined;
  registerVetCommand(program, (c) => (code = c));
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  try {
    await program.parseAsync(['node', 'gradekit', 'vet', ...args]);
  } finally {
    vi.restoreAllMocks();
  }
  return { code, out };
}

const fixture = (verdict: string, name: string) => rootPath('fixtures', 'ps3-ocw', 'submissions', verdict, name);

describe('gradekit vet', () => {
  it('passes (exit 0) when every known-correct solution gets every scored point', async () => {
    const dir = join(work, 'good');
    cpSync(fixture('accepted', 'skeleton-del-keys'), join(dir, 'skeleton-del-keys'), { recursive: true });
    cpSync(fixture('accepted', 'regex-stdin-readline'), join(dir, 'regex-stdin-readline'), { recursive: true });
    const r = await vet(['ps3-ocw', dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No scored test fails a known-correct solution: 0 false failures in \d+ scored results \(2 known-correct solutions, all at full marks\)/);
  });

  it('lists a failing scored test with its basis and the message, and exits 1', async () => {
    const dir = join(work, 'mixed');
    cpSync(fixture('accepted', 'skeleton-del-keys'), join(dir, 'skeleton-del-keys'), { recursive: true });
    cpSync(fixture('wrong_answer', 'replay-keeps-last'), join(dir, 'replay-keeps-last'), { recursive: true });
    const r = await vet(['ps3-ocw', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗ play-game-replay-worse \(play_game, 2 pt\): failed by 1 of 2/);
    expect(r.out).toMatch(/basis: docstring of play_game: 'If the user inputs 'yes', they will replay the hand and keep the better of the two scores/);
    expect(r.out).toMatch(/replay-keeps-last: the total over all hands should be 198/);
    expect(r.out).toMatch(/1 false failure in \d+ scored results \(2 known-correct solutions, 1 at full marks\)/);
  });

  it('writes the result as JSON', async () => {
    const dir = join(work, 'mixed');
    const r = await vet(['ps3-ocw', dir, '--json', '-']);
    const j = JSON.parse(r.out);
    expect(j.failures.map((f: { test: { id: string } }) => f.test.id)).toEqual(['play-game-replay-worse']);
    expect(j.pairs.failed).toBe(1);
  });
});
