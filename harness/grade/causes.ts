// Finding the cause of an integration test's failure by intervention. An integration test keeps the
// student's own helpers (`helpers:` in the spec); when it fails, the same test runs again with the
// reference's version of each helper in place of the student's. A failure that goes away when one helper
// is swapped is that helper's defect (charged by the helper's own tests, or here when none of them shows
// it); a failure that stays with every helper swapped is the tested function's own.
import type { TestData } from '../spec/schema.js';
import type { Outcome } from './outcome.js';

type Running = Extract<TestData, { helpers?: string[] }>;

/** The test with these helpers patched with the reference, and no causes to look for. */
function withReference(t: Running, helpers: readonly string[]): Running {
  const patch = { ...(t.patch ?? {}) } as NonNullable<Running['patch']>;
  for (const h of helpers) patch[h] = 'reference';
  return { ...t, helpers: undefined, patch } as Running;
}

export async function findCause(t: Running, first: Outcome, run: (t: Running) => Promise<Outcome>): Promise<Outcome> {
  const helpers = t.helpers ?? [];
  if (first.status === 'passed' || !helpers.length) return first;
  const all = await run(withReference(t, helpers));
  if (all.status !== 'passed') {
    // Its own defect: judged as the tests of this function judge it, without the helpers' noise.
    return { ...all, message: `${all.message} (also with the reference's ${helpers.join(', ')} in place of yours)` };
  }
  const alone: string[] = [];
  for (const h of helpers) if ((await run(withReference(t, [h]))).status === 'passed') alone.push(h);
  // Each helper that fixes it alone holds the defect, or calls the one that does (play_hand calls
  // get_word_score): any of them explains it. When none does alone, they cause it together.
  const which = alone.length ? `your ${alone.join(' or your ')}` : `your ${helpers.join(', ')} together`;
  return {
    ...first,
    defect: alone.length ? `helpers:any:${alone.join(',')}` : `helpers:all:${helpers.join(',')}`,
    message: `${first.message}; with the reference's ${(alone.length ? alone : helpers).join(alone.length ? ' or ' : ', ')} in place of yours it passes: the defect is in ${which}`,
    detail: { ...first.detail, hint: `fix ${(alone.length ? alone : helpers).join(alone.length ? ' or ' : ' and ')} first (the tests of each say what is wrong)` },
  };
}
