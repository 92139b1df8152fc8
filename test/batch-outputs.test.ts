// A batch folder's reports stay true to its results: a later run (a --resume, a smaller class) without
// --reporter html or junit makes the ones an earlier run left there again, never leaving old grades behind.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutputs } from '../harness/batch/command.js';
import type { Report } from '../harness/model/report.js';

const out = mkdtempSync(join(tmpdir(), 'gk-outputs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const report = (id: string, score: number): Report => ({
  assignment: 'hw', submission: `/class/${id}`, id, score, maxScore: 2, durationMs: 5,
  tests: [{ id: 't1', group: 'g', name: 'a test', status: score === 2 ? 'passed' : 'failed', score, maxScore: 2, visibility: 'visible', message: score === 2 ? '' : 'wrong', durationMs: 1 }],
});

describe('batch outputs', () => {
  it('refreshes the HTML pages and JUnit file an earlier run made, and drops pages of submissions gone', () => {
    writeOutputs([report('alice', 2), report('bob', 0)], out, ['html', 'junit'], false);
    expect(readdirSync(join(out, 'html', 'submissions'))).toHaveLength(2);
    // Bob's work regraded to full marks, carol's added, alice's gone: no --reporter this time.
    writeOutputs([report('bob', 2), report('carol', 1)], out, [], false);
    const pages = readdirSync(join(out, 'html', 'submissions'));
    expect(pages).toHaveLength(2);
    expect(pages.join(' ')).not.toMatch(/alice/);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/carol/);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).not.toMatch(/alice/);
    expect(existsSync(join(out, 'grades.csv'))).toBe(true);
  });
});
