import { it, expect } from 'vitest';
import '../reference/register.js';
import { referenceAdapters } from '../reference/index.js';
import { parseStep } from '../harness/spec/pyexpr.js';
import { runReference } from '../harness/grade/reference-run.js';
it('bare binding', () => {
  const steps = [parseStep("hand = {'a': 1}"), parseStep("calculate_handlen(hand)")];
  console.log(JSON.stringify(steps));
  let r; try { r = runReference(steps, { adapter: referenceAdapters.wordgame, words: ['a'], options: { variant: 'ocw' }, names: {}, stdin: null, patches: [] }); } catch (e) { console.log('THROWS', (e as Error).message); return; }
  console.log(JSON.stringify(r.steps));
});
