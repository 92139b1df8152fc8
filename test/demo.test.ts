// `npm start` (gradekit demo): the bundled examples graded in one pool, the results of each assignment in the
// order the assignments are listed, and, without a terminal, a line per stage on stderr as it goes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoCommand } from '../harness/demo.js';
import '../reference/register.js';

afterEach(() => vi.restoreAllMocks());

function capture(stream: NodeJS.WriteStream): { text: () => string } {
  let text = '';
  vi.spyOn(stream, 'write').mockImplementation((s: string | Uint8Array) => {
    text += String(s);
    return true;
  });
  return { text: () => text };
}

describe('npm start', () => {
  it('grades the examples of each assignment, prints each block in list order, and shows its stages', async () => {
    const out = capture(process.stdout);
    const err = capture(process.stderr);
    const code = await demoCommand({ all: false, color: false, assignments: ['chiseler', 'ps3-ocw'] });
    vi.restoreAllMocks();
    expect(code, out.text()).toBe(0);
    expect(err.text()).toBe('npm start: loading the assignments (2)\nnpm start: grading 14 example submissions of 2 assignments (14)\n');
    const o = out.text();
    expect(o.indexOf('chiseler — ')).toBeGreaterThan(0);
    expect(o.indexOf('ps3-ocw — ')).toBeGreaterThan(o.indexOf('chiseler — '));
    // Two of each verdict, in the block of its assignment, each with the verdict it must get.
    const chiseler = o.slice(o.indexOf('chiseler — '), o.indexOf('ps3-ocw — '));
    expect(chiseler.match(/^ {2}✓ time_limit_exceeded\//gm)).toHaveLength(1);
    expect(chiseler.match(/^ {2}✓ accepted\//gm)).toHaveLength(2);
    expect(o).toMatch(/^14 example submission\(s\) graded in [\d.]+ s; every one got its expected verdict\.$/m);
  }, 180_000);
});
