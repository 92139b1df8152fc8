import { describe, expect, it } from 'vitest';
import { offeredChoices } from '../harness/turns/offered.js';

describe('the choices a question offers in its own words', () => {
  it('reads quoted tokens in the lines before the refused answer, in order', () => {
    const t = "Hello!\nPress '1' to play without hints.\nPress '2' to play with hints.\nYour choice: e\n";
    expect(offeredChoices(t, 'e')).toEqual(['1', '2']);
  });
  it('reads alternatives in brackets and numbered menu lines', () => {
    expect(offeredChoices('Play with hints? (y/n): e\n', 'e')).toEqual(['y', 'n']);
    expect(offeredChoices('1) new game\n2) hints\n3. quit\nChoose: e\n', 'e')).toEqual(['1', '2', '3']);
    expect(offeredChoices('Mode [a|b|c]: z\n', 'z')).toEqual(['a', 'b', 'c']);    // One choice to a bracket, on a line that asks to press one; two bare ones after "enter".
    expect(offeredChoices('to play with hints press (a). to play without hints press (b).\ne\n', 'e')).toEqual(['a', 'b']);
    expect(offeredChoices('INVALID INPUT. ENTER a OR b.\ne\n', 'e')).toEqual(['a', 'b']);
    expect(offeredChoices('Enter a letter (a word is not allowed): e\n', 'e')).toEqual([]);
  });
  it('never offers the refused answer itself, and nothing when no choice is shown or the answer is not echoed', () => {
    expect(offeredChoices("Type 'e' or '2': e\n", 'e')).toEqual(['2']);
    expect(offeredChoices('Please guess a letter: 5\n', '5')).toEqual([]);
    expect(offeredChoices("Type '1': x", 'e')).toEqual([]);
  });
  it('looks only at the lines just before the answer', () => {
    const old = "Type '9' long ago\n" + 'line\n'.repeat(10) + 'Your choice: e\n';
    expect(offeredChoices(old, 'e')).toEqual([]);
  });
});
