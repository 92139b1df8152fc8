// PyRandom must reproduce CPython 3.11 random.Random bit for bit. The main suite runs ONE python3 process
// that executes the same plan (seeds x methods x arguments) and returns every draw as JSON; a small
// Python-free suite pins known values so the port is still checked on machines without python3.

import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { PyRandom, type PyRandomState } from '../reference/pyrandom.js';
import { RefRaise } from '../harness/model/reference.js';

// ---------------------------------------------------------------- Python-free known values

describe('PyRandom known values (no python needed)', () => {
  it('matches published CPython first draws', () => {
    expect(new PyRandom(0).random()).toBe(0.8444218515250481);
    const r = new PyRandom(42);
    expect(r.random()).toBe(0.6394267984578837);
    expect(r.randint(1, 10)).toBe(1);
    expect(r.choice('aeiou')).toBe('i');
    expect(r.getrandbits(64)).toBe(4117511471858006928n);
    expect(new PyRandom('ps3-mit').random()).toBe(0.8742193467714755);
    expect(new PyRandom(2n ** 64n + 1n).random()).toBe(0.10175875467846374);
    expect(new PyRandom(-7).random()).toBe(0.32383276483316237);
    expect(new PyRandom(0.5).random()).toBe(0.2794930785867423);
  });

  it('shuffles and samples like CPython after seed(0)', () => {
    const r = new PyRandom(0);
    const xs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    r.shuffle(xs);
    expect(xs).toEqual([7, 8, 1, 5, 3, 4, 2, 0, 9, 6]);
    expect(r.sample(Array.from({ length: 100 }, (_, i) => i), 5)).toEqual([45, 74, 27, 64, 17]);
  });

  it('seed() resets the stream and getstate/setstate round-trips', () => {
    const r = new PyRandom('x');
    const first = [r.random(), r.random()];
    r.seed('x');
    expect([r.random(), r.random()]).toEqual(first);
    const state = r.getstate();
    expect(state[0]).toBe(3);
    expect(state[1]).toHaveLength(625);
    expect(state[1][624]).toBe(4); // two random() calls = four words used
    expect(state[2]).toBeNull();
    const after = [r.random(), r.randbelow(1000), r.getrandbits(100)];
    const copy = new PyRandom(1);
    copy.setstate(JSON.parse(JSON.stringify(state)) as PyRandomState);
    expect([copy.random(), copy.randbelow(1000), copy.getrandbits(100)]).toEqual(after);
    copy.setstate([3, state[1], 0.25]);
    expect(copy.getstate()[2]).toBe(0.25);
  });

  it('an integer seed gives the same stream every time (its state is kept after the first seeding), whatever was drawn before', () => {
    const fresh = () => { const r = new PyRandom(42); return [r.random(), r.getrandbits(64), r.randint(1, 6)]; };
    const first = fresh();
    expect(first[0]).toBe(0.6394267984578837);
    const r = new PyRandom(42);
    for (let i = 0; i < 2000; i++) r.random(); // past a twist of the 624-word state
    r.seed(42);
    expect([r.random(), r.getrandbits(64), r.randint(1, 6)]).toEqual(first);
    expect(fresh()).toEqual(first);
    r.seed(-42); // |seed|, as CPython
    expect(r.random()).toBe(0.6394267984578837);
  });

  it('raises Python exceptions with Python messages', () => {
    const r = new PyRandom(0);
    expect(() => r.choice([])).toThrow(new RefRaise('IndexError', 'Cannot choose from an empty sequence'));
    expect(() => r.randrange(0)).toThrow('empty range for randrange()');
    expect(() => r.randrange(0, 10, 0)).toThrow('zero step for randrange()');
    expect(() => r.sample([1, 2], 3)).toThrow('Sample larger than population or is negative');
    expect(r.randbelow(0)).toBe(0);
  });
});

// ---------------------------------------------------------------- comparison with python3

type SeedSpec = { int: string } | { str: string } | { float: number | 'inf' | '-inf' } | { bytes: number[] };

const SEEDS: SeedSpec[] = [
  ...[0, 1, 2, 3, 7, 42, 123, 1234, 20240601, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 53 - 1].map(
    (n) => ({ int: String(n) }),
  ),
  ...[2n ** 53n + 1n, 2n ** 64n, 2n ** 64n + 12345n, 2n ** 100n + 7n, 10n ** 40n, 2n ** 1000n - 1n, 3n ** 200n].map((n) => ({
    int: String(n),
  })),
  ...[-1n, -42n, -(2n ** 32n), -(2n ** 70n + 5n), -(10n ** 30n)].map((n) => ({ int: String(n) })),
  ...['', 'a', 'hello', 'ps3-mit', 'ps3-ocw-fall2016-zh', 'evil hangman', 'héllo wörld', '日本語', '😀 emoji 🎉', '\u0000lead', 'Ωmega', 'x'.repeat(1000)].map(
    (s) => ({ str: s }),
  ),
  ...([0.5, -1.5, Math.PI, 1e-300, -2.5e-10, 123456.789, -0.1, -(2 ** -61), 'inf', '-inf'] as const).map((f) => ({ float: f })),
  { bytes: [0, 255, 1, 2] },
  { bytes: [] },
];

const K_BITS = [1, 8, 31, 32, 33, 53, 63, 64, 100, 1000];
const BELOW = [1, 2, 3, 7, 1000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 2 ** 52 + 5, 2 ** 53 - 1];
const RANGES: number[][] = [
  [10], [1], [2 ** 31], [2 ** 32], [2 ** 40 + 3], [5, 17], [-100, 100], [-(2 ** 40), 2 ** 40],
  [0, 7, 2], [10, -10, -3], [100, 0, -7], [-5, 50, 5], [0, 2 ** 33, 3], [7, -8, -1],
];
const RANDINTS: number[][] = [[1, 6], [0, 0], [-10, 10], [0, 2 ** 32], [-(2 ** 40), 2 ** 40]];
const STRINGS = ['aeiou', 'bcdfghjklmnpqrstvwxyz', 'héllo wörld', 'a😀b🎉c'];
const LIST_LENGTHS = [1, 3, 10, 100, 1000, 100000];
const SHUFFLE_LENGTHS = [0, 1, 2, 5, 10, 52, 100, 300];
// [n, k]: pool path when n <= setsize(k), selected-set path otherwise (setsize(6) = 85, setsize(<=5) = 21).
const SAMPLES: [number, number][] = [
  [20, 20], [21, 5], [22, 5], [50, 30], [85, 6], [86, 6], [100, 100], [10000, 5], [1000, 10], [100000, 50], [60, 1], [60, 0],
];
const SAMPLE_STRING = 'abcdefghijklmnopqrstuvwxyz😀é';
const ERRORS: [string, unknown[]][] = [
  ['randrange', [0]], ['randrange', [-3]], ['randrange', [5, 5]], ['randrange', [5, 1]], ['randrange', [0, 10, 0]],
  ['randrange', [10, 0, 1]], ['randrange', [0, 10, -1]], ['randrange', [1.5]], ['randrange', [0, 2.5]],
  ['randrange', [0, 10, 0.5]], ['randrange', [10, null, 2]], ['randint', [5, 4]], ['choice', [[]]], ['choice', ['']],
  ['sample', [[1, 2, 3], 4]], ['sample', [[1, 2, 3], -1]], ['getrandbits', [-1]],
  ['setstate', [[4, [], null]]], ['setstate', [[3, [1, 2, 3], null]]],
  ['setstate', [[3, [...Array.from({ length: 624 }, (_, i) => i), 625], null]]],
];

const PLAN = {
  seeds: SEEDS, nRandom: 400, nUniform: 200, nBits: 25, kBits: K_BITS, nBelow: 20, below: BELOW,
  nRange: 15, ranges: RANGES, nInt: 40, randints: RANDINTS, nStr: 50, strings: STRINGS, nList: 35, lists: LIST_LENGTHS,
  shuffleRounds: 3, shuffles: SHUFFLE_LENGTHS, sampleRounds: 3, samples: SAMPLES, sampleString: SAMPLE_STRING, errors: ERRORS,
};

const PYTHON = String.raw`
import sys, json, random, warnings
warnings.simplefilter('ignore')
p = json.load(sys.stdin)

def mkseed(s):
    if 'int' in s: return int(s['int'])
    if 'str' in s: return s['str']
    if 'float' in s: return float(s['float'])
    return bytes(s['bytes'])

def setsize(k):
    import math
    return 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)

out = {'version': sys.version.split()[0], 'seeds': [], 'errors': [],
       'samplePaths': ['pool' if n <= setsize(k) else 'set' for n, k in p['samples']]}
for spec in p['seeds']:
    a = mkseed(spec); r = random.Random(a); o = {}
    o['random'] = [r.random() for _ in range(p['nRandom'])]
    r.seed(a); o['uniform'] = [r.uniform(-3.5, 10.25) for _ in range(p['nUniform'])]
    r.seed(a); o['getrandbits'] = [[format(r.getrandbits(k), 'x') for _ in range(p['nBits'])] for k in p['kBits']]
    r.seed(a); o['randbelow'] = [[r._randbelow(n) for _ in range(p['nBelow'])] for n in p['below']]
    r.seed(a); o['randrange'] = [[r.randrange(*args) for _ in range(p['nRange'])] for args in p['ranges']]
    r.seed(a); o['randint'] = [[r.randint(*args) for _ in range(p['nInt'])] for args in p['randints']]
    r.seed(a); o['choiceStr'] = [[r.choice(s) for _ in range(p['nStr'])] for s in p['strings']]
    r.seed(a); o['choiceList'] = [[r.choice(range(n)) for _ in range(p['nList'])] for n in p['lists']]
    r.seed(a); shuffles = []
    for n in p['shuffles']:
        x = list(range(n))
        for _ in range(p['shuffleRounds']):
            r.shuffle(x); shuffles.append(list(x))
    o['shuffle'] = shuffles
    r.seed(a); samples = []
    for n, k in p['samples']:
        pop = list(range(n))
        for _ in range(p['sampleRounds']): samples.append(r.sample(pop, k))
    samples.append(r.sample(p['sampleString'], 10)); samples.append(r.sample(p['sampleString'], 3))
    o['sample'] = samples
    r.seed(a); o['stateAfterSeed'] = r.getstate()
    for _ in range(700): r.random()
    o['state'] = r.getstate()
    o['afterState'] = [r.random(), r.getrandbits(40), r.randrange(1000)]
    r.gauss()  # only to get a state whose gauss_next is not None
    o['gaussState'] = r.getstate()
    out['seeds'].append(o)

for name, args in p['errors']:
    r = random.Random(0)
    if name == 'setstate': args = [(args[0][0], tuple(args[0][1]), args[0][2])]
    try:
        getattr(r, name)(*args); out['errors'].append(None)
    except Exception as e:
        out['errors'].append([type(e).__name__, str(e)])
json.dump(out, sys.stdout)
`;

interface PyOut {
  version: string;
  samplePaths: ('pool' | 'set')[];
  errors: ([string, string] | null)[];
  seeds: {
    random: number[]; uniform: number[]; getrandbits: string[][]; randbelow: number[][];
    randrange: number[][]; randint: number[][]; choiceStr: string[][]; choiceList: number[][]; shuffle: number[][];
    sample: (number | string)[][]; stateAfterSeed: PyRandomState; state: PyRandomState; afterState: number[]; gaussState: PyRandomState;
  }[];
}

function toSeed(s: SeedSpec): number | bigint | string | Uint8Array {
  if ('int' in s) return BigInt(s.int);
  if ('str' in s) return s.str;
  if ('float' in s) return s.float === 'inf' ? Infinity : s.float === '-inf' ? -Infinity : s.float;
  return Uint8Array.from(s.bytes);
}

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.warn('pyrandom.test: python3 not found on PATH; skipping the CPython comparison suite');

describe.skipIf(!hasPython)('PyRandom vs CPython (one python3 process)', () => {
  let py: PyOut;
  const counts: Record<string, number> = {};
  const count = (method: string, n: number): void => {
    counts[method] = (counts[method] ?? 0) + n;
  };

  beforeAll(() => {
    const res = spawnSync('python3', ['-c', PYTHON], { input: JSON.stringify(PLAN), encoding: 'utf8', maxBuffer: 1 << 28 });
    if (res.status !== 0) throw new Error(`python3 failed to generate expectations: ${res.stderr}`);
    py = JSON.parse(res.stdout) as PyOut;
    expect(py.seeds).toHaveLength(SEEDS.length);
  });

  // Each test replays one method for every seed; a failure names the seed and the first differing draw.
  const eachSeed = (fn: (r: PyRandom, o: PyOut['seeds'][number]) => void): void => {
    SEEDS.forEach((spec, i) => {
      try {
        fn(new PyRandom(toSeed(spec)), py.seeds[i]);
      } catch (e) {
        throw new Error(`seed ${JSON.stringify(spec).slice(0, 80)}: ${(e as Error).message}`);
      }
    });
  };

  it('random()', () => {
    eachSeed((r, o) => {
      const got = o.random.map(() => r.random());
      same(got, o.random);
      count('random', got.length);
    });
  });

  it('uniform()', () => {
    eachSeed((r, o) => {
      same(o.uniform.map(() => r.uniform(-3.5, 10.25)), o.uniform);
      count('uniform', o.uniform.length);
    });
  });

  it('getrandbits(k) for k in 1, 8, 31, 32, 33, 53, 63, 64, 100, 1000', () => {
    eachSeed((r, o) => {
      const got = K_BITS.map((k, ki) => o.getrandbits[ki].map(() => r.getrandbits(k).toString(16)));
      same(got, o.getrandbits);
      count('getrandbits', got.flat().length);
    });
  });

  it('randbelow(n) (CPython _randbelow) up to 2^53-1', () => {
    eachSeed((r, o) => {
      const got = BELOW.map((n, ni) => o.randbelow[ni].map(() => r.randbelow(n)));
      same(got, o.randbelow);
      count('randbelow', got.flat().length);
    });
  });

  it('randrange with 1, 2 and 3 arguments (incl. negative step) and randint', () => {
    eachSeed((r, o) => {
      const got = RANGES.map((args, ai) => o.randrange[ai].map(() => r.randrange(args[0], args[1], args[2])));
      same(got, o.randrange);
      count('randrange', got.flat().length);
    });
    eachSeed((r, o) => {
      const ints = RANDINTS.map(([a, b], ai) => o.randint[ai].map(() => r.randint(a, b)));
      same(ints, o.randint);
      count('randint', ints.flat().length);
    });
  });

  it('choice over strings (by code point) and lists', () => {
    const lists = LIST_LENGTHS.map((n) => Array.from({ length: n }, (_, i) => i));
    eachSeed((r, o) => {
      const strs = STRINGS.map((s, si) => o.choiceStr[si].map(() => r.choice(s)));
      same(strs, o.choiceStr);
      count('choice(str)', strs.flat().length);
    });
    eachSeed((r, o) => {
      const got = lists.map((l, li) => o.choiceList[li].map(() => r.choice(l)));
      same(got, o.choiceList);
      count('choice(list)', got.flat().length);
    });
  });

  it('shuffle in place, repeated on the same list', () => {
    eachSeed((r, o) => {
      const got: number[][] = [];
      for (const n of SHUFFLE_LENGTHS) {
        const x = Array.from({ length: n }, (_, i) => i);
        for (let round = 0; round < PLAN.shuffleRounds; round++) {
          r.shuffle(x);
          got.push(x.slice());
          count('shuffle calls', 1);
          count('shuffle randbelow draws', Math.max(0, n - 1));
        }
      }
      same(got, o.shuffle);
    });
  });

  it('sample on both CPython paths (pool and selected-set) and on a string', () => {
    expect(py.samplePaths.filter((p) => p === 'pool').length).toBeGreaterThanOrEqual(4);
    expect(py.samplePaths.filter((p) => p === 'set').length).toBeGreaterThanOrEqual(4);
    eachSeed((r, o) => {
      const got: (number | string)[][] = [];
      SAMPLES.forEach(([n, k], si) => {
        const pop = Array.from({ length: n }, (_, i) => i);
        for (let round = 0; round < PLAN.sampleRounds; round++) {
          got.push(r.sample(pop, k));
          count(`sample calls (${py.samplePaths[si]} path)`, 1);
          count(`sample elements (${py.samplePaths[si]} path)`, k);
        }
      });
      got.push(r.sample(SAMPLE_STRING, 10), r.sample(SAMPLE_STRING, 3));
      count('sample calls (str)', 2);
      same(got, o.sample);
    });
  });

  it('getstate matches Python and setstate(Python state) continues the same stream', () => {
    eachSeed((r, o) => {
      same(r.getstate(), o.stateAfterSeed);
      for (let i = 0; i < 700; i++) r.random();
      same(r.getstate(), o.state);
      const fresh = new PyRandom(999);
      fresh.setstate(o.state);
      same([fresh.random(), Number(fresh.getrandbits(40)), fresh.randrange(1000)], o.afterState);
      const roundTrip = new PyRandom();
      roundTrip.setstate(o.gaussState);
      same(roundTrip.getstate(), o.gaussState);
      roundTrip.setstate(fresh.getstate());
      expect(roundTrip.getstate()).toEqual(fresh.getstate());
      expect(roundTrip.random()).toBe(fresh.random());
      count('getstate/setstate', 1);
    });
  });

  it('raises the same exception types and messages as Python', () => {
    ERRORS.forEach(([name, args], i) => {
      const r = new PyRandom(0) as unknown as Record<string, (...a: unknown[]) => unknown>;
      let got: [string, string] | null = null;
      try {
        r[name](...args);
      } catch (e) {
        if (!(e instanceof RefRaise)) throw e;
        got = [e.pyType, e.message];
      }
      expect(got, `${name}(${JSON.stringify(args).slice(0, 60)})`).toEqual(py.errors[i]);
    });
  });

  it('compared at least 10,000 draws per required method', () => {
    console.log(`pyrandom vs CPython ${py.version}, ${SEEDS.length} seeds:`, counts);
    const required = ['random', 'getrandbits', 'randrange', 'randint', 'choice(str)', 'choice(list)', 'shuffle randbelow draws'];
    for (const m of [...required, 'sample elements (pool path)', 'sample elements (set path)']) {
      expect(counts[m], m).toBeGreaterThanOrEqual(10_000);
    }
  });
});

/** Deep equality that reports the first differing path, e.g. "[2][17]: got 5, python 9". */
function same(got: unknown, want: unknown, path = ''): void {
  if (Array.isArray(got) && Array.isArray(want)) {
    if (got.length !== want.length) throw new Error(`${path}: length ${got.length}, python ${want.length}`);
    got.forEach((g, i) => same(g, want[i], `${path}[${i}]`));
  } else if (!Object.is(got, want)) {
    throw new Error(`${path || 'value'}: got ${JSON.stringify(got)}, python ${JSON.stringify(want)}`);
  }
}
