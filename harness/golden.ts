// Golden transcripts: the reviewed record of what a correct program prints on the bundled word list.
// `--update` writes them from the reference; the default checks them (the test suite runs the check).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Assignment } from './assignment/load.js';
import { goldenPath, referenceRun, transcriptMode, type Running } from './grade/python-tests.js';
import { UsageError } from './util/errors.js';
import { startProgress, type Progress, type ProgressOptions } from './report/progress.js';

export interface GoldenStatus {
  fresh: string[];
  stale: string[];
  missing: string[];
  orphans: string[];
  written: string[];
}

export function goldenTests(a: Assignment): Running[] {
  return a.spec.data.tests.filter((t): t is Running => ('call' in t || 'steps' in t || 'run' in t) && transcriptMode(t as Running) === 'golden');
}

export function syncGolden(a: Assignment, update: boolean, progress?: Pick<Progress, 'stage' | 'item' | 'tick'>): GoldenStatus {
  if (a.customWords) throw new UsageError('golden files record the bundled word list; drop --words');
  const st: GoldenStatus = { fresh: [], stale: [], missing: [], orphans: [], written: [] };
  const ids = new Set<string>();
  const tests = goldenTests(a);
  progress?.stage(update ? 'updating from the reference' : 'checking against the reference', tests.length);
  for (const t of tests) {
    ids.add(t.id);
    progress?.item(t.id);
    const want = referenceRun(a, t).transcript;
    const p = goldenPath(a, t.id);
    const have = existsSync(p) ? readFileSync(p, 'utf8') : undefined;
    if (have === want) {
      st.fresh.push(t.id);
      progress?.tick(t.id, 'up to date');
    } else if (update) {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, want);
      st.written.push(t.id);
      progress?.tick(t.id, have === undefined ? 'written' : 'rewritten');
    } else {
      (have === undefined ? st.missing : st.stale).push(t.id);
      progress?.tick(t.id, have === undefined ? 'MISSING' : 'STALE');
    }
  }
  const dir = join(a.fixturesDir, 'golden');
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith('.txt') && !ids.has(f.slice(0, -4))) st.orphans.push(f);
  return st;
}

export function goldenCommand(a: Assignment, update: boolean, flags: ProgressOptions = {}): number {
  const progress = startProgress(`golden ${a.id}`, flags);
  let st: GoldenStatus;
  try {
    st = syncGolden(a, update, progress);
  } finally {
    progress.done();
  }
  const dir = relative(process.cwd(), join(a.fixturesDir, 'golden')) || '.';
  const out: string[] = [];
  out.push(`${a.id}: ${st.fresh.length} golden transcript(s) up to date in ${dir}`);
  if (st.written.length) out.push(`  wrote ${st.written.length}: ${st.written.join(', ')}`);
  if (st.stale.length) out.push(`  STALE ${st.stale.length} (differ from the reference): ${st.stale.join(', ')}`);
  if (st.missing.length) out.push(`  MISSING ${st.missing.length}: ${st.missing.join(', ')}`);
  if (st.orphans.length) out.push(`  orphan file(s) no test uses: ${st.orphans.join(', ')}`);
  if (st.stale.length || st.missing.length) out.push(`  review the change, then run: gradekit golden ${a.id} --update`);
  process.stdout.write(out.join('\n') + '\n');
  return st.stale.length || st.missing.length ? 1 : 0;
}
