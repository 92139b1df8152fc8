// A long list of strs comes back from the driver as digests (grade/digest.ts): equal digests stand for the
// reference's value, anything else asks for the whole value. Real driver, hand-written module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSession } from '../harness/run/python/session.js';
import { DIGEST_MARK, resolveDigests } from '../harness/grade/digest.js';
import { compareValues } from '../harness/compare/values.js';
import { fromWire, py, type PyValue, type WireValue } from '../harness/model/pyvalue.js';

const N = 3000;
const MODULE = `
WORDS = ["w%05d" % i for i in range(${N})]
def words(): return list(WORDS)
def backwards(): return WORDS[::-1]
def as_set(): return set(WORDS)
def as_tuple(): return tuple(WORDS)
def upper(): return [w.upper() for w in WORDS]
def one_short(): return WORDS[1:]
def with_nul(): return WORDS[:-1] + ["a\\x00b"]
def few(): return WORDS[:10]
def numbers(): return list(range(${N}))
def accents(): return ["é" + w for w in WORDS]
class Sub(str): pass
def subclassed(): return [Sub(w) for w in WORDS]
`;

const WORDS: PyValue = py.list(Array.from({ length: N }, (_, i) => py.str(`w${String(i).padStart(5, '0')}`)));
const ACCENTED: PyValue = py.list(Array.from({ length: N }, (_, i) => py.str(`éw${String(i).padStart(5, '0')}`)));

let dir: string;
let s: PythonSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gk-digest-'));
  writeFileSync(join(dir, 'mod.py'), MODULE);
  s = new PythonSession({ file: join(dir, 'mod.py'), module: 'mod', cwd: dir, outputCap: 10_000 });
  expect((await s.start()).ok).toBe(true);
});
afterAll(() => s?.close());

/** The value the driver sends for a call of `fn` marked for digests. */
async function sent(fn: string): Promise<WireValue> {
  const res = await s.run({ id: fn, steps: [{ callee: [fn], args: [], digest: true }], timeout_ms: 5000 });
  expect(res.status).toBe('ok');
  return res.obs!.steps[0]!.value as WireValue;
}

const isDigest = (w: WireValue) => typeof w === 'object' && w !== null && 'o' in w && w.o === DIGEST_MARK;

describe('digests of long lists of strs', () => {
  it('a list equal to the reference value stands for it, and compares as that very value', async () => {
    const steps = [{ value: await sent('words') }];
    expect(isDigest(steps[0]!.value!)).toBe(true);
    expect(resolveDigests(steps, [WORDS], 'exact')).toBe(true);
    const observed = fromWire(steps[0]!.value!);
    expect(observed).toBe(WORDS);
    expect(compareValues(WORDS, observed, 'exact')).toEqual({ ok: true });
  });

  it('order counts where the comparison is exact, not where it is unordered', async () => {
    const w = await sent('backwards');
    expect(resolveDigests([{ value: w }], [WORDS], 'exact')).toBe(false);
    expect(resolveDigests([{ value: w }], [WORDS], 'unordered')).toBe(true);
  });

  it('the container counts where the comparison is exact: a set or a tuple is not the list', async () => {
    for (const fn of ['as_set', 'as_tuple']) {
      const w = await sent(fn);
      expect(isDigest(w)).toBe(true);
      expect(resolveDigests([{ value: w }], [WORDS], 'exact')).toBe(false);
      expect(resolveDigests([{ value: w }], [WORDS], 'unordered')).toBe(true);
    }
    expect(resolveDigests([{ value: await sent('as_set') }], [py.set((WORDS as { v: PyValue[] }).v)], 'exact')).toBe(true);
  });

  it('other items or one item fewer never match', async () => {
    for (const fn of ['upper', 'one_short']) {
      expect(resolveDigests([{ value: await sent(fn) }], [WORDS], 'unordered')).toBe(false);
      expect(resolveDigests([{ value: await sent(fn) }], [WORDS], 'exact')).toBe(false);
    }
  });

  it('non-ASCII text digests the same in both languages', async () => {
    expect(resolveDigests([{ value: await sent('accents') }], [ACCENTED], 'exact')).toBe(true);
  });

  it('short lists, lists of other values, str subclasses and items holding NUL come back whole', async () => {
    for (const fn of ['few', 'numbers', 'subclassed', 'with_nul']) expect(isDigest(await sent(fn)), fn).toBe(false);
  });

  it('a step not marked for digests gets the whole value', async () => {
    const res = await s.run({ id: 'plain', steps: [{ callee: ['words'], args: [] }], timeout_ms: 5000 });
    const w = res.obs!.steps[0]!.value as { l: string[] };
    expect(w.l).toHaveLength(N);
  });
});
