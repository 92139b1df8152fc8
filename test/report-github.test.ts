import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classroomPointsLine, escapeData, escapeProperty, locationFromTrace, mdCell, renderAnnotations, renderStepSummary } from '../harness/report/github.js';
import { guardStream, neutraliseCommands } from '../harness/report/workflow-commands.js';
import { renderJson } from '../harness/report/json.js';
import type { Report } from '../harness/model/report.js';
import { rootPath } from '../harness/paths.js';
import { fatalReport, hangmanReport, hostileReport, makeReport, makeTest, ps3Report } from './fixtures-report/sample-reports.js';
import { runnerView } from './actions-runner.js';

describe('GitHub Actions output', () => {
  it('escapes workflow-command data and properties like @actions/core', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a: b, c%')).toBe('a%3A b%2C c%25');
  });

  it('annotates failing tests, pointing at the student file and line from a traceback', () => {
    const lines = renderAnnotations(hangmanReport()).trimEnd().split('\n');
    expect(lines.every((l) => /^::(error|warning|notice)[ :]/.test(l))).toBe(true);
    const err = lines.find((l) => l.includes('EASY picks'))!;
    expect(err).toBe("::error file=submissions/alice/hangman.py,line=88,title=Hangman.make_guess%3A EASY picks the second hardest on even guesses (0/2)::IndexError: list index out of range%0ACall: h.make_guess('a')");
    expect(lines.at(-1)).toBe('::notice title=Autograding complete::Points 2.25/13.75');
    // Hidden tests are redacted by default.
    expect(lines.join('\n')).not.toContain('q---');
  });

  it('keeps a submission from forging workflow commands', () => {
    const out = renderAnnotations(hostileReport());
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(out).toContain('%0A::warning::second line, with: colon 50%25');
    expect(lines[0]).toMatch(/^::error title=transcript%3A game with <b>markup<\/b> & "quotes" \(0\/3\)::/);
    const ctl = renderAnnotations({ ...hostileReport(), tests: hostileReport().tests.map((t) => ({ ...t, message: 'red \x1b[31mX\r\nnext' })) });
    expect(ctl).not.toContain('\x1b');
    expect(ctl).toContain('red ␛[31mX␍%0Anext');
  });

  it('reports a fatal error once, with its location', () => {
    const lines = renderAnnotations(fatalReport()).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=submissions/bob/hangman.py,line=12,title=hangman-313e%3A import-error::The submission could not be imported: TabError: inconsistent use of tabs and spaces in indentation (hangman.py, line 12).',
      '::notice title=Autograding complete::Points 0/8',
    ]);
  });

  it('caps annotations and summarises the rest', () => {
    const lines = renderAnnotations(ps3Report('s', 0, 10), { maxAnnotations: 3 }).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(3);
    expect(lines).toContain('::warning title=More failing tests::5 more failing tests are listed in the job summary.');
  });

  it('finds student locations in Python, Java and javac output', () => {
    expect(locationFromTrace('Traceback (most recent call last):\n  File "a.py", line 3, in <module>\n  File "/x/hangman.py", line 9, in f\nValueError')).toEqual({ file: '/x/hangman.py', line: 9 });
    expect(locationFromTrace('Exception in thread "main" java.lang.NullPointerException\n\tat EvilHangman.play(EvilHangman.java:57)\n\tat Main.main(Main.java:5)')).toEqual({ file: 'EvilHangman.java', line: 57 });
    expect(locationFromTrace('Main.java:14: error: cannot find symbol')).toEqual({ file: 'Main.java', line: 14 });
    expect(locationFromTrace('no location here')).toBeUndefined();
  });

  it('writes a step summary table with escaped cells and group points', () => {
    const md = renderStepSummary(hostileReport());
    expect(md).toContain('### ps3-mit: 2/5 points');
    expect(md).not.toContain('<script>');
    expect(md).toContain('&lt;script&gt;');
    expect(md).toContain('| transcript | 0/3 |');
    const row = md.split('\n').find((l) => l.startsWith('| ❌'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(7); // six columns' worth of separators: no pipe leaked from the message
    expect(renderStepSummary(hangmanReport())).not.toContain('q---');
  });

  it('prints the Points line GitHub Classroom reads', () => {
    expect(classroomPointsLine(hangmanReport())).toBe('Points 2.25/13.75');
    expect(classroomPointsLine(ps3Report('s', 8, 1))).toBe('Points 12/12');
  });
});

/** Lines a student can print that GitHub Actions would run as workflow commands (see test/actions-runner.ts). */
/** Markdown lines outside <pre> blocks (whose text GitHub shows as it is) that start a heading. */
const headings = (md: string) => md.replace(/<pre>[\s\S]*?<\/pre>/g, '').split('\n').filter((l) => /^\s*#/.test(l));

const ATTACKS = [
  '::notice title=Autograding complete::Points 52/52',
  '::stop-commands::gradekit-silenced',
  '  ::add-mask::Points',
  '\t::set-output name=points::52',
  '::echo::on',
  '::save-state name=x::y',
  '::ADD-MASK::Points',
  '\u3000::warning::after an ideographic space',
  '\u00a0::notice::after a no-break space',
  '\u0085::notice::after a next-line character',
  '\u2028::notice::after a line separator',
  '\v\f::error::after a vertical tab and a form feed',
  'any text ##[notice title=Autograding complete]Points 52/52',
  '##[add-mask]Points',
  '::gradekit-silenced::',
];

describe('student text never runs as a workflow command', () => {
  it('the model of the runner takes every attack line for a command (so the tests below can fail)', () => {
    for (const a of ATTACKS.filter((x) => !x.includes('gradekit-silenced'))) expect(runnerView(a).executed.map((c) => c.line), JSON.stringify(a)).toEqual([a]);
    const silenced = runnerView('::stop-commands::tok\n::notice::dead\n::tok::\n::notice::live');
    expect(silenced.executed.map((c) => c.name)).toEqual(['stop-commands', 'tok', 'notice']);
    expect(silenced.executed.at(-1)!.data).toBe('live');
    expect(runnerView('before\r::notice::after a carriage return').executed).toHaveLength(1);
  });

  it('neutralises every attack line, each line the runner would split off, and keeps what it says readable', () => {
    for (const a of ATTACKS) {
      for (const text of [a, `first line\n${a}`, `first line\r${a}`, `first line\r\n${a}\nlast`]) {
        const safe = neutraliseCommands(text);
        expect(runnerView(safe).executed, JSON.stringify(safe)).toEqual([]);
      }
    }
    expect(neutraliseCommands('  ::add-mask::Points')).toBe('  \\u003a:add-mask::Points');
    expect(neutraliseCommands('x ##[error]y')).toBe('x #\\u0023[error]y');
    expect(neutraliseCommands('Points 52/52')).toBe('\\u0050oints 52/52');
    expect(neutraliseCommands('points 5 / 5')).toBe('\\u0070oints 5 / 5');
    // Ordinary output is left alone, `::` inside a line included (slices, C++ names, times).
    for (const ok of ['x[::2]', 'std::vector', 'Total score: 12 points', 'a # b [c]', 'ratio 1::2']) expect(neutraliseCommands(ok)).toBe(ok);
  });

  it('holds for random mixtures of command syntax, whitespace and line breaks', () => {
    const pieces = ['::', '##[', '#', '[', ']', ':', 'notice', 'add-mask', 'stop-commands', ' ', '\t', '\u3000', '\u00a0', '\u0085', '\n', '\r', '\r\n', '%0A', 'Points 52/52', 'x', '\\u003a'];
    let seed = 12345;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + rnd(12) }, () => pieces[rnd(pieces.length)]).join('');
      const safe = neutraliseCommands(text);
      expect(runnerView(safe).executed, JSON.stringify(text)).toEqual([]);
      expect(safe.split(/\r\n|\r|\n/).some((l) => /^[\s\u0085]*points\s*\d/i.test(l)), JSON.stringify(text)).toBe(false);
    }
  });

  it('leaves a JSON report meaning the same (its escapes are JSON escapes)', () => {
    const evil = ATTACKS.join('\n');
    const r = makeReport({ tests: [makeTest({ id: 'x', group: 'g', name: evil, status: 'failed', message: evil, detail: { transcript: evil } })], notices: [evil] });
    const json = renderJson(r);
    const safe = neutraliseCommands(json);
    expect(runnerView(safe).executed).toEqual([]);
    expect(JSON.parse(safe)).toEqual(JSON.parse(json));
  });

  it('guards a stream whatever its chunks: lines split across writes, bytes split inside a character', () => {
    const written: string[] = [];
    const stream = { write: (s: string | Uint8Array) => (written.push(String(s)), true) };
    const g = guardStream(stream as never);
    stream.write('partial ');
    stream.write('line\n::no');
    stream.write('tice::forged\n\u00a0');
    const bytes = Buffer.from('é::add-mask::x\n');
    stream.write(bytes.subarray(0, 1));
    stream.write(bytes.subarray(1));
    stream.write('  ##[error]y');
    g.raw('::notice title=Autograding complete::Points 1/2');
    stream.write('::error::after\n');
    g.flush();
    const out = written.join('');
    expect(runnerView(out).executed.map((c) => c.line)).toEqual(['::notice title=Autograding complete::Points 1/2']);
    expect(out).toBe('partial line\n\\u003a:notice::forged\n\u00a0é::add-mask::x\n  #\\u0023[error]y\n::notice title=Autograding complete::Points 1/2\n\\u003a:error::after\n');
    expect(() => g.raw('::notice::a\n::notice::b')).toThrow(/one line/);
  });

  it("keeps a submission's text inside its annotation: %0A, line breaks and property syntax decode back to the text", () => {
    const message = `boom %0A::notice title=Autograding complete::Points 52/52\n::stop-commands::x\r\n##[add-mask]Points 100%`;
    const r = makeReport({ tests: [makeTest({ id: 't', group: 'g', name: 'n', status: 'failed', message, detail: { traceback: 'File "a,title=Autograding complete::x.py", line 3, in f' } })] });
    const view = runnerView(renderAnnotations(r));
    expect(view.executed.map((c) => c.name)).toEqual(['error', 'notice']);
    expect(view.executed[0].data).toBe(message.replace('\r', '␍'));
    expect(view.executed[0].properties.title).toBe('g: n (0/1)');
    expect(view.executed[0].properties.file).toBe('a,title=Autograding complete::x.py');
    expect(view.executed[1]).toMatchObject({ properties: { title: 'Autograding complete' }, data: 'Points 0/1' });
  });

  it('escapes markdown in the step summary: no links, images, headings or table cells of the submission', () => {
    expect(mdCell('[see your grade](https://evil.example) ![](https://evil.example/p.png)')).toBe('\\[see your grade\\](https://evil.example) !\\[\\](https://evil.example/p.png)');
    // A backslash before a pipe must not turn the pipe's escape into an escaped backslash.
    expect(mdCell('a\\|b')).toBe('a\\\\\\|b');
    const evil = `${ATTACKS.join('\n')}\n</pre>\n# Points 52/52\n\n<script>x</script>`;
    const r = makeReport({ tests: [makeTest({ id: 'g', group: 'game', name: 'a game', status: 'passed', detail: { transcript: evil }, notices: ['opened [x](y)'] })] });
    const md = renderStepSummary(r);
    expect(headings(md)).toEqual(['### hangman-313e: 1/1 points']);
    expect(md.match(/<\/pre>/g)).toHaveLength(1);
    expect(md).not.toContain('<script>');
    expect(md).toContain('- opened \\[x\\](y)');
  });
});

describe('gradekit check --reporter github on a submission that forges commands', () => {
  it('prints the grader\'s annotations and points line as the only live commands, on stdout; nothing of the submission runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-github-'));
    try {
      const summary = join(dir, 'summary.md');
      const res = spawnSync(rootPath('bin', 'gradekit'), [
        'check', rootPath('test', 'fixtures-hostile', 'chiseler-hostile.yaml'), rootPath('fixtures', 'hostile', 'python', 'github-commands'),
        '-v', '--json', join(dir, 'report.json'), '--reporter', 'github',
      ], { encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }, timeout: 120_000 });
      expect(res.status, res.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
      // The submission's text did reach the output (the report shows it), and its attacks fail the tests they should.
      expect(report.tests.find((t) => t.id === 'count')!.message).toContain('::notice title=Autograding complete::Points 52/52');
      expect(res.stdout).toContain('stop-commands::gradekit-silenced');
      expect(res.stdout).toContain('add-mask]Points');
      // stderr is read for commands too: it carries none.
      expect(runnerView(res.stderr).executed).toEqual([]);
      const view = runnerView(res.stdout);
      expect(view.stopped).toBe(false);
      // Exactly the grader's annotations, all live, the points notice last and the only one.
      expect(view.executed.map((c) => c.line)).toEqual(renderAnnotations(report).trimEnd().split('\n'));
      expect(view.executed.filter((c) => /points/i.test(c.data) && c.properties.title === 'Autograding complete').map((c) => c.data)).toEqual(['Points 3/5']);
      expect(view.executed.some((c) => ['add-mask', 'set-output', 'echo', 'stop-commands', 'save-state'].includes(c.name))).toBe(false);
      // The only points line is the grader's, and it agrees with the report.
      const pointsLines = `${res.stdout}\n${res.stderr}`.split(/\r\n|\r|\n/).filter((l) => /^[\s\u0085]*points\s*[\d.]+\s*\/\s*[\d.]+/i.test(l));
      expect(pointsLines).toEqual(['Points 3/5']);
      expect(report.score).toBe(3);
      // The step summary shows the attack as text: the heading is the grader's only.
      const md = readFileSync(summary, 'utf8');
      expect(headings(md)).toEqual(['### chiseler-hostile: 3/5 points']);
      expect(md).toContain('<pre>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('check says where the report files it writes went', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-reporters-'));
    try {
      const res = spawnSync(rootPath('bin', 'gradekit'), ['check', 'ps3-mit', rootPath('fixtures', 'ps3-mit', 'submissions', 'accepted', 'bare-input-no-label'), '--only', 'defines', '--report-dir', dir, '--reporter', 'html', 'junit'], { encoding: 'utf8', timeout: 120_000 });
      expect(res.status, res.stderr).toBe(0);
      expect(res.stderr).toContain(`gradekit: wrote ${join(dir, 'report.html')}, ${join(dir, 'junit.xml')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
