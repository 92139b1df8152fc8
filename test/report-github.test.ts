import { describe, expect, it } from 'vitest';
import { classroomPointsLine, escapeData, escapeProperty, locationFromTrace, renderAnnotations, renderStepSummary } from '../harness/report/github.js';
import { fatalReport, hangmanReport, hostileReport, ps3Report } from './fixtures-report/sample-reports.js';

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
