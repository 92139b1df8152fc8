// Tests grouped by the function/method/program under test, in first-appearance order, with points per group.
import { round, type TestResult } from '../model/report.js';

export interface TestGroup {
  group: string;
  tests: TestResult[];
  score: number;
  maxScore: number;
}

export function groupTests(tests: readonly TestResult[]): TestGroup[] {
  const byName = new Map<string, TestGroup>();
  for (const t of tests) {
    let g = byName.get(t.group);
    if (!g) byName.set(t.group, (g = { group: t.group, tests: [], score: 0, maxScore: 0 }));
    g.tests.push(t);
    g.score += t.score;
    g.maxScore += t.maxScore;
  }
  return [...byName.values()].map((g) => ({ ...g, score: round(g.score), maxScore: round(g.maxScore) }));
}
