// Transcripts judged as text (a course whose runner demands exact output, like hangman-313e): the
// first difference names both lines as printed, and says when only case or whitespace differs.
import { describe, expect, it } from 'vitest';
import { compareText } from '../harness/compare/text.js';

describe('compareText messages', () => {
  it('a difference of letter case alone names both lines and says it is only case', () => {
    const c = compareText('Answer = cat\nYou beat me\n', 'Answer = cat\nYou Beat Me\n', ['trailing-whitespace']);
    expect(c.ok).toBe(false);
    expect(c.summary).toBe('line 2 differs at column 5: expected "You beat me", got "You Beat Me"');
    expect(c.detail.hint).toMatch(/only upper\/lower case differs/);
  });

  it('never reports two empty lines as the difference', () => {
    const c = compareText('a\n\nb\n', 'a\nb\n', ['trailing-whitespace']);
    expect(c.summary).not.toMatch(/expected "", got ""/);
    expect(c.detail.hint).toMatch(/only whitespace differs/);
  });
});
