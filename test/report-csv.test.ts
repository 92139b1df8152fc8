import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { csvCell, defuseFormula, renderGradesCsv } from '../harness/report/csv.js';
import { totals } from '../harness/model/report.js';
import { fatalReport, hangmanReport, hostileReport, makeReport, makeTest, ps3Report } from './fixtures-report/sample-reports.js';

/** Read the CSV back with Python's csv module (what instructors' scripts use). */
function parseCsv(text: string): string[][] {
  const r = spawnSync('python3', ['-c', 'import csv,sys,json,io; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline="")))))'], { input: text, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

describe('grades.csv', () => {
  it('has id, score, max and one column per group, totals agreeing with the reports', () => {
    const reports = [hangmanReport(), fatalReport()];
    const rows = parseCsv(renderGradesCsv(reports));
    expect(rows[0]).toEqual(['id', 'score', 'max', 'Hangman.num_words', 'Hangman.make_guess', 'Hangman.get_secret_word', 'transcript', 'Hangman.get_guesses_left']);
    expect(rows[1]).toEqual(['submissions/alice/hangman.py', '2.25', '13.75', '2', '0', '0.25', '0', '0']);
    expect(rows[2].slice(0, 3)).toEqual(['submissions/bob/hangman.py', '0', '8']);
    for (let i = 0; i < reports.length; i++) {
      const groupSum = rows[i + 1].slice(3).reduce((s, x) => s + Number(x), 0);
      expect(groupSum).toBeCloseTo(totals(reports[i].tests).score, 9);
    }
  });

  it('defuses formula injection and quotes what needs quoting', () => {
    const text = renderGradesCsv([hostileReport(), ps3Report('@SUM(A1:A9)', 3, 10), ps3Report('+1-2', 3, 10), ps3Report('\tx', 1, 1), ps3Report('a,"b"\nc', 1, 1)]);
    const rows = parseCsv(text);
    expect(rows[1][0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[2][0]).toBe(`'@SUM(A1:A9)`);
    expect(rows[3][0]).toBe(`'+1-2`);
    expect(rows[4][0]).toBe(`'\tx`);
    expect(rows[5][0]).toBe('a,"b"\nc');
    expect(text.split('\r\n')[0]).toBe('id,score,max,transcript,play_game,get_word_score,update_hand,is_valid_word,play_hand,substitute_hand');
    // Numbers are never defused, even negative ones (a penalty), so spreadsheets still add them up.
    const neg = makeReport({ tests: [makeTest({ id: 'p', group: '-penalty', name: 'late', status: 'failed', score: -2, maxScore: 0 })] });
    expect(renderGradesCsv([neg]).split('\r\n')[1]).toBe('submissions/alice/hangman.py,-2,0,-2');
    expect(renderGradesCsv([neg]).split('\r\n')[0]).toBe("id,score,max,'-penalty");
  });

  it('cell helpers', () => {
    expect(defuseFormula('-cmd')).toBe("'-cmd");
    expect(defuseFormula('alice')).toBe('alice');
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(0.1 + 0.2)).toBe('0.3');
  });
});
