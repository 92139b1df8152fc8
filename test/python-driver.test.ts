// The Python driver's verdict-relevant behaviour, on small hand-written modules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../harness/run/python/session.js';

const MODULE = `
import random
def add(a, b): return a + b
def ask():
    total = 0
    while True:
        w = input("Enter word, or \\"*END*\\": ")
        if w == "*END*":
            return total
        print("got", w)
        total += len(w)
def read_stdin():
    import sys
    return sys.stdin.readline().strip()
def mutate(d):
    d['x'] = 0
    return d
def boom(): return {}['missing']
def spin():
    while True: pass
def die():
    import posix; posix._exit(3)
def exits():
    import os; os._exit(3)
def deal(n): return {'a': n}
def game():
    h = deal(7)
    return h
def rec(n): return 0 if n == 0 else 1 + rec(n - 1)
def helper(n): return rec2(n)
def rec2(n): return 0 if n == 0 else helper(n - 1)
def sorts(x): return sorted(x)
def flood():
    while True: print("x" * 1000)
def pick(): return random.randint(1, 10**6)
def quits(): exit(4)
def site_module():
    import pip
    return pip.__name__
def main_program():
    print("hello from", __name__)
    quit()
if __name__ == "__main__":
    main_program()
`;

let dir: string;
let s: PythonSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gk-driver-'));
  writeFileSync(join(dir, 'mod.py'), MODULE);
  s = new PythonSession({ file: join(dir, 'mod.py'), module: 'mod', cwd: dir, names: { word_list: { l: ['a', 'b'] } }, outputCap: 10_000 });
  const imp = await s.start();
  expect(imp.ok).toBe(true);
});
afterAll(() => s.close());

const call = (callee: string, args: unknown[] = [], extra: object = {}) =>
  s.run({ id: callee, timeout_ms: 2000, steps: [{ callee: callee.split('.'), args: args as never }], ...extra });

describe('python driver', () => {
  it('started without site start-up hooks, still gives students exit(), quit() and site-packages', async () => {
    const q = await call('quits');
    expect(q.obs!.steps[0].error?.type).toBe('SystemExit');
    expect(q.obs!.steps[0].error?.message).toContain('exit(4)');
    expect((await call('site_module')).obs!.steps[0].value).toBe('pip');
    const m = await s.run({ id: 'main', timeout_ms: 2000, program: { kind: 'main' }, stdin: [] });
    expect(m.obs!.transcript).toBe('hello from __main__\n');
    expect(m.obs!.steps[0].error).toBeUndefined();
  });
  it('returns typed values', async () => {
    const r = await call('add', [{ i: '2' }, { i: '40' }]);
    expect(r.obs!.steps[0].value).toEqual({ i: '42' });
  });
  it('echoes scripted input after its prompt and records which prompt each line answered', async () => {
    const r = await call('ask', [], { stdin: ['jar', '*END*'] });
    expect(r.obs!.transcript).toBe('Enter word, or "*END*": jar\ngot jar\nEnter word, or "*END*": *END*\n');
    expect(r.obs!.inputs.map((i) => i.prompt)).toEqual(['Enter word, or "*END*": ', 'Enter word, or "*END*": ']);
    expect(r.obs!.steps[0].value).toEqual({ i: '3' });
  });
  it('reports the exact prompt that asked for more input than the script has', async () => {
    const r = await call('ask', [], { stdin: ['jar'] });
    expect(r.obs!.steps[0].input_exhausted).toBe('Enter word, or "*END*": ');
  });
  it('counts unread input', async () => {
    const r = await call('ask', [], { stdin: ['*END*', 'extra', 'more'] });
    expect(r.obs!.unread).toBe(2);
  });
  it('serves sys.stdin reads from the same script', async () => {
    const r = await call('read_stdin', [], { stdin: ['hello'] });
    expect(r.obs!.steps[0].value).toBe('hello');
  });
  it('reports arguments after the call (mutation check) and isolates tests from each other', async () => {
    const r = await s.run({ id: 'm', timeout_ms: 2000, steps: [{ callee: ['mutate'], args: [{ d: [['a', { i: '1' }]] }], observe_args: true }] });
    expect(r.obs!.steps[0].args_changed).toEqual({ '0': { d: [['a', { i: '1' }], ['x', { i: '0' }]] } });
    const same = await s.run({ id: 'm2', timeout_ms: 2000, steps: [{ callee: ['add'], args: [{ i: '1' }, { i: '2' }], observe_args: true }] });
    expect(same.obs!.steps[0].args_changed).toEqual({});
  });
  it('gives the student traceback trimmed to their file', async () => {
    const r = await call('boom');
    const e = r.obs!.steps[0].error!;
    expect(e.type).toBe('KeyError');
    expect(e.line).toBe(18);
    expect(e.traceback).toMatch(/File "mod.py", line 18, in boom/);
    expect(e.traceback).not.toMatch(/driver\.py/);
  });
  it('kills a test that runs past its time limit and keeps going', async () => {
    const r = await s.run({ id: 'spin', timeout_ms: 300, steps: [{ callee: ['spin'], args: [] }] });
    expect(r.status).toBe('timeout');
    expect((await call('add', [{ i: '1' }, { i: '1' }])).obs!.steps[0].value).toEqual({ i: '2' });
  });
  it('notices a test that ends the process itself', async () => {
    const r = await call('die');
    expect(r.status).toBe('crashed');
    expect(r.exit_code).toBe(3);
  });
  it("reads a function's os._exit as its exit(): a game that ends the process is judged by what it printed", async () => {
    const r = await call('exits');
    expect(r.status).toBe('ok');
    expect(r.obs!.steps[0].error).toMatchObject({ type: 'SystemExit' });
  });
  it('applies scripted patches (deal_hand replaced, as the MIT grader does)', async () => {
    const r = await s.run({ id: 'p', timeout_ms: 2000, patches: [{ name: 'deal', kind: 'sequence', values: [{ d: [['z', { i: '9' }]] }] }], steps: [{ callee: ['game'], args: [] }] });
    expect(r.obs!.steps[0].value).toEqual({ d: [['z', { i: '9' }]] });
  });
  it('detects recursion through a helper, and forbidden calls with their line', async () => {
    const r = await s.run({ id: 't', timeout_ms: 2000, trace: { recursion: ['rec2', 'add'], forbid_calls: ['sorted'] }, steps: [{ callee: ['rec2'], args: [{ i: '3' }] }, { callee: ['sorts'], args: [{ l: [{ i: '2' }, { i: '1' }] }] }] });
    expect(r.obs!.trace!.max_depth).toEqual({ rec2: 4, add: 0 });
    expect(r.obs!.trace!.recursed).toEqual({ rec2: true, add: false });
    expect(r.obs!.trace!.forbidden).toEqual([{ call: 'sorted', line: 32, function: 'sorts' }]);
  });
  it('caps output', async () => {
    const r = await call('flood');
    expect(r.obs!.steps[0].output_limit).toBe(10_000);
    expect(r.obs!.output_truncated).toBe(true);
  });
  it('seeds random like CPython', async () => {
    const a = await call('pick', [], { seed: 5 });
    const b = await call('pick', [], { seed: 5 });
    expect(a.obs!.steps[0].value).toEqual(b.obs!.steps[0].value);
  });
  it('reports a missing function by name', async () => {
    expect((await call('nope')).obs!.steps[0].missing).toBe('nope');
  });
});

describe('a statement that asks for input at import is skipped, and the rest of the module still runs', () => {
  it('skips the statement, names its line, and keeps what comes after it', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-imp-'));
    writeFileSync(join(d, 'm.py'), 'x = 1\nname = input("Your name? ")\ndef f():\n    return x + 1\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    const imp = await sess.start();
    await sess.close();
    expect(imp.ok).toBe(true);
    expect(imp.skipped).toEqual([{ line: 2, source: 'name = input("Your name? ")', prompt: 'Your name? ' }]);
    expect(imp.attributes).toEqual(expect.arrayContaining(['x', 'f']));
    expect(imp.attributes).not.toContain('name');
  });
});

describe("the handout's functions written as methods of the program's own class", () => {
  const session = (src: string) => {
    const d = mkdtempSync(join(tmpdir(), 'gk-methods-'));
    writeFileSync(join(d, 'm.py'), src);
    return new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, required: ['score', 'double'] });
  };
  it('are graded as the methods of an instance made with no arguments, fresh in every test; what its constructor prints is not the import\'s', async () => {
    const sess = session('class Game:\n    def __init__(self):\n        print("Loading...")\n        self.calls = 0\n    def score(self, word):\n        self.calls += 1\n        return len(word) * 10 + self.calls\n    def double(self, n):\n        return 2 * self.score("x" * n)\n');
    const imp = await sess.start();
    const score = async () => (await sess.run({ id: 's', timeout_ms: 2000, steps: [{ callee: ['score'], args: ['cat'] }] })).obs!.steps[0]!.value;
    expect(imp.adopted).toEqual({ score: 'Game', double: 'Game' });
    expect(imp.output).toBe('');
    expect(await score()).toEqual({ i: '31' });
    expect(await score()).toEqual({ i: '31' }); // the instance of the import, copied into each test
    expect((await sess.run({ id: 'd', timeout_ms: 2000, steps: [{ callee: ['double'], args: [{ i: '2' }] }] })).obs!.steps[0]!.value).toEqual({ i: '42' });
    await sess.close();
  });
  it('adopts nothing from a class whose constructor needs arguments, or when the functions are there', async () => {
    const needs = session('class Game:\n    def __init__(self, words):\n        self.words = words\n    def score(self, word):\n        return 1\n');
    expect((await needs.start()).adopted).toBeUndefined();
    await needs.close();
    const there = session('def score(word):\n    return 2\ndef double(n):\n    return 4\nclass Game:\n    def score(self, word):\n        return 1\n');
    expect((await there.start()).adopted).toBeUndefined();
    await there.close();
  });
});

describe("hard-coded paths from the student's own machine cost nothing to run", () => {
  it('a Windows path to the word list opens the provided copy (split at backslashes), with a notice', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-win-'));
    writeFileSync(join(d, 'words.txt'), 'cat\ndog\n');
    writeFileSync(join(d, 'm.py'), 'with open("D:\\\\school\\\\6.0001\\\\ps3\\\\words.txt") as f:\n    WORDS = f.read().split()\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, aliases: { 'words.txt': join(d, 'words.txt') } });
    const imp = await sess.start();
    await sess.close();
    expect(imp.error?.message ?? null).toBeNull();
    expect(imp.notices.join('\n')).toMatch(/opened 'D:\\\\school\\\\6\.0001\\\\ps3\\\\words\.txt', which does not exist here; used the provided words\.txt instead/);
  });

  it("os.chdir() into a folder of the student's machine stays in the submission's folder, with a notice", async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-chdir-'));
    writeFileSync(join(d, 'words.txt'), 'cat\n');
    writeFileSync(join(d, 'm.py'), 'import os\nos.chdir("C:\\\\Users\\\\me\\\\ps3")\nos.chdir("/Users/me/Desktop/ps3")\nWORDS = open("words.txt").read().split()\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    const imp = await sess.start();
    await sess.close();
    expect(imp.ok, imp.error?.message).toBe(true);
    expect(imp.notices.filter((n) => /os\.chdir\(.*\) names a folder that does not exist here; stayed in the submission's folder/.test(n))).toHaveLength(2);
  });
});

describe('a file that does not import as handed in is salvaged: the smallest change, recorded, and the rest graded', () => {
  const imported = async (src: string, opts: { importMode?: 'strict' | 'salvage'; starter?: Record<string, unknown>; required?: string[]; signatures?: Record<string, string[]> } = {}) => {
    const d = mkdtempSync(join(tmpdir(), 'gk-salvage-'));
    writeFileSync(join(d, 'm.py'), src);
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, ...(opts as object) });
    const imp = await sess.start();
    const call = async (fn: string) => (await sess.run({ id: fn, timeout_ms: 2000, steps: [{ callee: [fn], args: [] }] })).obs!.steps[0]!;
    return { imp, call, close: () => sess.close() };
  };
  it('a required function under another name is found by the handout\'s parameters, in any order, and called by them; never a guess', async () => {
    const sig = { required: ['match', 'solo'], signatures: { match: ['pattern', 'word'], solo: ['word'] } };
    const one = await imported('def fits(word, pattern):\n    return pattern + "|" + word\ndef helper(word):\n    return word\ndef probe():\n    return match("P", "W")\n', sig);
    expect(one.imp.renamed).toEqual({ match: 'fits(word, pattern)' });
    // The handout's order is (pattern, word): each argument reaches the parameter of that name.
    expect((await one.call('probe')).value).toBe('P|W');
    await one.close();
    // Two candidates with those parameters, or one parameter only: nothing is adopted.
    const two = await imported('def a(word, pattern):\n    return 1\ndef b(pattern, word):\n    return 2\n', sig);
    expect(two.imp.renamed).toBeUndefined();
    await two.close();
  });
  it('steps over the lines a crash stopped at, as a TA fixes them: a string and a number added as text, a condition, a for over a number, a method', async () => {
    const src = [
      'def f(hand):', //                                   1
      '    total = 0', //                                  2
      '    print("cards: " + len(hand))', //               3: str + int
      '    while (len(hand.keys() > 1)):', //              4: the condition raises
      '        for i in len(hand):', //                    5: a for over a number
      '            total += i', //                          6
      '        return total', //                            7
      '    return -1', //                                   8
      'class Game:', //                                     9
      '    def __init__(self):', //                        10
      '        self.__n = 2', //                           11
      '    def score(self):', //                           12
      '        print(undefined_name)', //                  13
      '        return self.__n * 10', //                   14
      'g = Game()', //                                     15
      'score = g.score', //                                16: a bound method the tests call
      'def top():', //                                     17
      '    with open(undefined_name) as fh:', //           18: a with: left alone
      '        return 1', //                                19
    ].join('\n') + '\n';
    const d = mkdtempSync(join(tmpdir(), 'gk-stepover-'));
    writeFileSync(join(d, 'm.py'), src);
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    expect((await sess.start()).ok).toBe(true);
    const run = async (callee: string, step_over: number[], args: unknown[] = []) =>
      (await sess.run({ id: callee, timeout_ms: 2000, steps: [{ callee: [callee], args: args as never }], step_over })).obs!;
    const hand = [{ d: [['a', { i: '1' }], ['b', { i: '2' }]] }];
    expect((await run('f', [], hand)).steps[0]!.error?.line).toBe(3);
    expect((await run('f', [3], hand)).steps[0]!.error?.line).toBe(4);
    expect((await run('f', [3, 4], hand)).steps[0]!.error?.line).toBe(5);
    const past = await run('f', [3, 4, 5], hand);
    expect(past.stepped_over).toEqual([3, 4, 5]);
    expect(past.steps[0]!.value).toEqual({ i: '1' }); // range(2): 0 + 1
    // The print that added a number to a string is kept, the two added as text: what it prints is printed.
    expect(past.transcript).toBe('cards: 2\n');
    // A method (its private name mangled as written), reached through the bound method the module holds.
    expect((await run('score', [])).steps[0]!.error?.line).toBe(13);
    expect((await run('score', [13])).steps[0]!.value).toEqual({ i: '20' });
    // Each test is its own process: the next run without step_over sees the file as written.
    expect((await run('score', [])).steps[0]!.error?.line).toBe(13);
    // A line it cannot step over (a with) is not stepped: the run stops where it did.
    const w = await run('top', [18]);
    expect(w.stepped_over).toEqual([]);
    expect(w.steps[0]!.error?.line).toBe(18);
    await sess.close();
  });
  it('steps over a call of a handout function that leaves out an argument by giving it the caller\'s variable of that name', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-stepover-'));
    writeFileSync(join(d, 'm.py'), 'def show(hand):\n    print("hand:", len(hand))\n\ndef play(hand):\n    show()\n    return len(hand)\n\ndef other(cards):\n    show()\n    return 0\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, signatures: { show: ['hand'] } });
    expect((await sess.start()).ok).toBe(true);
    const run = async (callee: string, step_over: number[]) => (await sess.run({ id: callee, timeout_ms: 2000, steps: [{ callee: [callee], args: [{ l: ['a', 'b'] }] }], step_over })).obs!;
    expect((await run('play', [])).steps[0]!.error?.line).toBe(5);
    const past = await run('play', [5]);
    expect(past.steps[0]!.value).toEqual({ i: '2' });
    expect(past.transcript).toBe('hand: 2\n');
    // The caller has no variable of that name: the completed call raises NameError there (the grader stops).
    expect((await run('other', [9])).steps[0]!.error?.type).toBe('NameError');
    await sess.close();
  });
  it('steps over a typo by spelling the name as the function does (warning for warnings), and says it repaired the line', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-stepover-'));
    writeFileSync(join(d, 'm.py'), 'def play(inputs):\n    warnings = 3\n    guesses = 6\n    for x in inputs:\n        if x == "$":\n            warning -= 1\n        else:\n            guess -= 1\n    return [warnings, guesses]\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    expect((await sess.start()).ok).toBe(true);
    const run = async (step_over: number[]) => (await sess.run({ id: 'play', timeout_ms: 2000, steps: [{ callee: ['play'], args: [{ l: ['$', 'a', 'b'] }] }], step_over })).obs!;
    expect((await run([])).steps[0]!.error?.type).toBe('UnboundLocalError');
    const past = await run([6, 8]);
    expect(past.stepped_over).toEqual([6, 8]);
    expect(past.stepped_how).toEqual(['respelled', 'respelled']);
    expect(past.steps[0]!.value).toEqual({ l: [{ i: '2' }, { i: '4' }] });
    await sess.close();
  });
  it('a stray line in a class body (outside its methods) that raises or asks at import is set aside, and the class kept', async () => {
    const { imp, call, close } = await imported('class Game:\n    print(undefined_name)\n    LEVEL = input("level? ")\n    def score(self):\n        return 7\n\ndef f():\n    return Game().score()\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside).toEqual([expect.objectContaining({ action: 'set_aside', line: 2, names: [], why: expect.stringMatching(/body of class Game, outside its methods/) })]);
    expect(imp.skipped).toEqual([expect.objectContaining({ line: 3, source: 'LEVEL = input("level? ")' })]);
    expect((await call('f')).value).toEqual({ i: '7' });
    await close();
  });
  it('a tab among spaces: the file is read with tab stops of 8, as Python 2 did', async () => {
    const { imp, call, close } = await imported('def f():\n        x = 1\n\treturn x + 1\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside).toEqual([expect.objectContaining({ action: 'repaired', line: 3, source: 'return x + 1', error: expect.stringMatching(/^TabError/), why: expect.stringMatching(/tab stops of 8 columns/) })]);
    expect((await call('f')).value).toEqual({ i: '2' });
    await close();
  });
  it('Python 2 print statements are written as the print() calls Python 3 asks for, a trailing comma as end', async () => {
    const { imp, call, close } = await imported('def f():\n    print "a", 1\n    print "b",\n    print "c"\n    return 2\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside?.map((x) => [x.action, x.line, x.why])).toEqual([2, 3, 4].map((l) => ['repaired', l, 'a Python 2 print statement: written as a print() call']));
    const f = await call('f');
    expect(f.value).toEqual({ i: '2' });
    await close();
  });
  it('one token a TA fixes on sight: else with a condition, = in a condition, a missing colon; the function is graded, not set aside', async () => {
    const { imp, call, close } = await imported('def f():\n    x = 3\n    if x = 1:\n        return 1\n    else x > 2:\n        return 2\n    return 0\n\ndef g()\n    return 5\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside?.map((r) => [r.action, r.line, r.why])).toEqual([
      ['repaired', 3, "'=' in a condition: written as '=='"],
      ['repaired', 5, "'else' with a condition: written as 'elif'"],
      ['repaired', 9, "a missing ':' at the end of the line"],
    ]);
    expect((await call('f')).value).toEqual({ i: '2' });
    expect((await call('g')).value).toEqual({ i: '5' });
    await close();
  });
  it('a bracket a TA fixes on sight: an unmatched closing one removed, one never closed closed at the end of its line', async () => {
    // (An unclosed bracket swallows the lines after it, so Python names it only when nothing parseable follows.)
    const { imp, call, close } = await imported('def f():\n    return len([1, 2]))\n\ndef h():\n    return 1 +\n\ndef g():\n    return [x * 2 for x in [1]\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside?.map((r) => [r.action, r.line, r.why])).toEqual([
      ['repaired', 2, "an unmatched ')': removed"],
      // No small repair makes it parse: set aside, as before.
      ['set_aside', 5, 'it does not compile'],
      ['repaired', 8, "a '[' never closed: closed at the end of its line"],
    ]);
    expect((await call('f')).value).toEqual({ i: '2' });
    expect((await call('g')).value).toEqual({ l: [{ i: '2' }] });
    await close();
  });
  it('when tab stops of 8 do not parse, the tab size that does', async () => {
    const { imp, call, close } = await imported('def f():\n\tif True:\n\t    x = 1\n    return x\n');
    expect(imp.set_aside?.[0]).toMatchObject({ action: 'repaired', why: expect.stringMatching(/tab stops of 4 columns/) });
    expect((await call('f')).value).toEqual({ i: '1' });
    await close();
  });
  it('one over-indented line is indented like its neighbour; a line at no outer level, like an enclosing one', async () => {
    const a = await imported('def f():\n    x = 1\n        y = 2\n    return x + y\n');
    expect(a.imp.set_aside).toEqual([expect.objectContaining({ action: 'repaired', line: 3, error: 'IndentationError: unexpected indent' })]);
    expect((await a.call('f')).value).toEqual({ i: '3' });
    await a.close();
    const b = await imported('def f():\n    if True:\n        x = 1\n      return x\n');
    expect(b.imp.set_aside?.[0]).toMatchObject({ action: 'repaired', line: 4 });
    expect((await b.call('f')).value).toEqual({ i: '1' });
    await b.close();
  });
  it('a def that does not compile is set aside (blank lines: every other line keeps its number) and its name is missing', async () => {
    const { imp, call, close } = await imported('def f():\n    """doc\nat column 0\n    """\n    x = = 1\n\n@staticmethod\ndef g():\n    return 1 / 0\n\ndef h():\n    return f()\n');
    expect(imp.ok).toBe(true);
    expect(imp.set_aside).toEqual([expect.objectContaining({ action: 'set_aside', line: 5, start_line: 1, end_line: 5, names: ['f'], why: 'it does not compile' })]);
    expect(imp.attributes).not.toContain('f');
    expect((await call('f')).missing).toBe('f');
    // A function that calls it is missing it: one defect, the missing function's.
    expect((await call('h')).missing).toBe('f');
    const g = await call('g');
    expect(g.error?.traceback).toMatch(/line 9/);
    await close();
  });
  it('a def with no body (all of it commented out) is set aside, not the def after it', async () => {
    const { imp, call, close } = await imported('def f():\n#    return 1\n\ndef g():\n    return 2\n');
    expect(imp.set_aside).toEqual([expect.objectContaining({ line: 1, names: ['f'] })]);
    expect((await call('g')).value).toEqual({ i: '2' });
    await close();
  });
  it('a statement that raises while imported is set aside, and the rest still runs', async () => {
    const src = 'import not_installed_anywhere_pkg\nprint(hand)\nimport sys\nsys.exit(0)\nX = 1\ndef f():\n    return X\n';
    const { imp, call, close } = await imported(src);
    expect(imp.ok).toBe(true);
    expect(imp.set_aside!.map((s) => [s.line, s.error.split(':')[0]])).toEqual([[1, 'ModuleNotFoundError'], [2, 'NameError'], [4, 'SystemExit']]);
    expect((await call('f')).value).toEqual({ i: '1' });
    await close();
  });
  it('run as a program, the module leaves out what its import set aside; a def set aside is missing there too', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-salvage-'));
    writeFileSync(join(d, 'm.py'), 'print(undefined_name)\nprint("hello")\ndef f(:\n    pass\nif __name__ == "__main__":\n    f()\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    const imp = await sess.start();
    expect(imp.set_aside!.map((s) => s.line)).toEqual([3, 1]);
    const m = await sess.run({ id: 'main', timeout_ms: 2000, program: { kind: 'main' }, stdin: [] });
    await sess.close();
    expect(m.obs!.transcript).toBe('hello\n');
    expect(m.obs!.steps[0].error).toBeUndefined();
    expect(m.obs!.steps[0].missing).toBe('f');
  });
  it('run as a program with a function patched, the patch stands in once the definitions are made, before the main block', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-main-patch-'));
    writeFileSync(join(d, 'm.py'), 'def helper():\n    return "own"\ndef game():\n    print("helper says", helper())\nif __name__ == "__main__":\n    game()\nprint("after the block:", helper())\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d });
    await sess.start();
    const plain = await sess.run({ id: 'main', timeout_ms: 2000, program: { kind: 'main' }, stdin: [] });
    const patched = await sess.run({ id: 'main2', timeout_ms: 2000, program: { kind: 'main' }, stdin: [], patches: [{ name: 'helper', kind: 'sequence', values: ['ref', 'ref'] }] });
    await sess.close();
    expect(plain.obs!.transcript).toBe('helper says own\nafter the block: own\n');
    expect(patched.obs!.transcript).toBe('helper says ref\nafter the block: ref\n');
  });
  it('a skipped HAND_SIZE = int(input()) keeps the starter\'s value; a name the starter does not define stays undefined', async () => {
    const { imp, call, close } = await imported('HAND_SIZE = int(input("Hand size? "))\nNAME = input("Name? ")\ndef f():\n    return HAND_SIZE\n', { starter: { HAND_SIZE: { i: '7' }, VOWELS: 'aeiou' } });
    expect(imp.skipped).toEqual([
      expect.objectContaining({ line: 1, source: 'HAND_SIZE = int(input("Hand size? "))', bound: { HAND_SIZE: '7' } }),
      expect.not.objectContaining({ bound: expect.anything() }),
    ]);
    expect((await call('f')).value).toEqual({ i: '7' });
    expect(imp.attributes).not.toContain('NAME');
    await close();
  });
  it('with import: strict nothing is salvaged: the import fails as handed in', async () => {
    for (const src of ['def f():\n        x = 1\n\treturn x\n', 'print(undefined_name)\n']) {
      const { imp, close } = await imported(src, { importMode: 'strict' });
      expect(imp.ok).toBe(false);
      expect(imp.set_aside ?? []).toEqual([]);
      await close();
    }
  });
  it('Python 2 throughout is past salvage: the original error', async () => {
    // exec statements: a Python 2 print statement would be repaired (salvage.ts), these are not.
    const src = Array.from({ length: 6 }, (_, i) => `def f${i}():\n    exec "x = ${i}"\n`).join('\n');
    const { imp, close } = await imported(src);
    expect(imp.ok).toBe(false);
    expect(imp.error!.type).toBe('SyntaxError');
    expect(imp.error!.line).toBe(2);
    await close();
  });
});

describe('import failures are reported once, with the reason (import: strict)', () => {
  const cases: [string, string, RegExp][] = [
    ['print "hello"\n', 'SyntaxError', /Missing parentheses/],
    ['def f():\n\tif 1:\n        return 1\n', 'TabError', /inconsistent use of tabs/],
    ['import numpy_that_is_not_installed\n', 'ModuleNotFoundError', /numpy_that_is_not_installed/],
    ['import sys\nsys.exit(0)\n', 'SystemExit', /exit\(0\)/],
  ];
  it.each(cases)('%j -> %s', async (src, type, msg) => {
    const d = mkdtempSync(join(tmpdir(), 'gk-imp-'));
    writeFileSync(join(d, 'm.py'), src);
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, importMode: 'strict' });
    const imp = await sess.start();
    await sess.close();
    expect(imp.ok).toBe(false);
    expect(imp.error!.type).toBe(type);
    expect(imp.error!.message).toMatch(msg);
  });

  it('an import over its CPU limit is the module\'s time limit, with the line it was at, not a driver that failed to start', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-imp-'));
    writeFileSync(join(d, 'm.py'), 'TABLE = []\nwhile len(TABLE) >= 0:\n    TABLE.append(1)\n    TABLE.pop()\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, importTimeoutMs: 500 });
    const imp = await sess.start();
    await sess.close();
    expect(imp.error).toMatchObject({ type: 'ImportTimeout', message: expect.stringMatching(/^importing the module used more than 0\.5 s of CPU time \(it was at line [234]\)$/) });
  });

  it('an import that waits is stopped by the wall clock and said to be waiting; one that sleeps is fast-forwarded', async () => {
    const d = mkdtempSync(join(tmpdir(), 'gk-imp-'));
    writeFileSync(join(d, 'm.py'), 'import time\ntime.sleep(30)\nimport threading\nthreading.Event().wait()\n');
    const sess = new PythonSession({ file: join(d, 'm.py'), module: 'm', cwd: d, importTimeoutMs: 200 });
    const imp = await sess.start();
    await sess.close();
    expect(imp.error).toMatchObject({ type: 'ImportTimeout', message: expect.stringMatching(/^importing the module did not finish within 5\.2 s of wall-clock time, though it had not used up its 0\.2 s of CPU time: it was waiting/) });
  }, 20_000);
});
