import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlFileNames, htmlReportFiles, renderHtml, renderHtmlIndex } from '../harness/report/html.js';
import { fatalReport, hangmanReport, hostileReport, ps3Report } from './fixtures-report/sample-reports.js';

describe('HTML report', () => {
  it('is self-contained: inline CSS, no scripts, no external resources, CSP forbids scripts', () => {
    for (const html of [renderHtml(hangmanReport()), renderHtml(hostileReport()), renderHtmlIndex([hangmanReport(), fatalReport()])]) {
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('<style>');
      expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
      expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`);
    }
  });

  it('escapes everything a submission printed', () => {
    const html = renderHtml(hostileReport());
    expect(html).not.toContain('<script>window');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>markup</b>');
    expect(html).toContain('&lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;');
    expect(html).toContain('game with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(escapeHtml(`<a href='x'>&"`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&quot;');
  });

  it('shows group points, opens failing tests and collapses passing ones', () => {
    const html = renderHtml(hangmanReport());
    expect(html).toMatch(/<span class="score part">2\.25\/13\.75<\/span>/);
    expect(html).toContain('<td class="num">1/3</td><td class="num">0.25/1.75</td>');
    expect(html).toMatch(/<details class="test failed" open><summary><span class="mark">✗<\/span><span class="name">HARD keeps the largest family/);
    expect(html).toMatch(/<details class="test passed"><summary><span class="mark">✓<\/span><span class="name">num_words\(4\)/);
    expect(html).toMatch(/<details class="test error" open>/);
  });

  it('renders a side-by-side diff for a failing transcript, marking the change and invisible whitespace', () => {
    const html = renderHtml(hangmanReport());
    expect(html).toContain('<table class="sbs">');
    expect(html).toContain('<tr class="changed"><td class="no">11</td><td class="l">Your guess?<mark><span class="ws">·</span></mark>e</td>');
    expect(html).toContain('<td class="no">11</td><td class="r">Your guess?e</td>');
    expect(html).toContain('Hint: The output differs only in whitespace');
  });

  it('folds long identical stretches of a transcript', () => {
    const expected = Array.from({ length: 200 }, (_, i) => `Guesses left: ${i}`).join('\n');
    const actual = expected.replace('Guesses left: 100', 'Guesses left:100');
    const r = { ...hangmanReport(), tests: [{ ...hangmanReport().tests[8], detail: { expected, actual } }] };
    const html = renderHtml(r);
    expect(html).toContain('… 97 identical lines …');
    expect(html).toContain('… 96 identical lines …');
    expect((html.match(/<tr class="same">/g) ?? []).length).toBe(6);
  });

  it('shows a fatal error once and redacts hidden tests when asked', () => {
    const f = fatalReport();
    const html = renderHtml(f);
    expect(html.split('could not be imported').length - 1).toBe(1);
    expect(html.match(/Not run: see the error at the top of the page\./g)).toHaveLength(4);
    expect(renderHtml(hangmanReport())).toContain("Expected pattern &#39;q---&#39;");
    const redacted = renderHtml(hangmanReport(), { hideHiddenDetails: true });
    expect(redacted).not.toContain('q---');
    expect(redacted).toContain('MEDIUM on the secret word list');
  });

  it('names batch pages uniquely and links them from the index', () => {
    const reports = [ps3Report('subs/alice/ps3.py', 8, 10), ps3Report('subs/alice/ps3.py', 2, 10), ps3Report('../evil/<x>.py', 1, 10), fatalReport()];
    const names = htmlFileNames(reports);
    expect(names).toEqual(['subs_alice_ps3.py.html', 'subs_alice_ps3.py-2.html', 'evil_x_.py.html', 'submissions_bob_hangman.py.html']);
    const files = htmlReportFiles(reports);
    expect(files.map((f) => f.path)).toEqual(['index.html', ...names.map((n) => `submissions/${n}`)]);
    const index = files[0].content;
    for (const n of names) expect(index).toContain(`href="submissions/${n}"`);
    expect(index).toContain('&lt;x&gt;.py');
    expect(files[1].content).toContain('<a href="../index.html">');
    expect(index).toContain('<td class="num">12/12</td>');
  });
});
