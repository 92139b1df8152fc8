import { it } from 'vitest';
import '../reference/register.js';
import '../harness/grade/java-runner.js';
import { loadAssignment } from '../harness/assignment/load.js';
import { gradeSubmission } from '../harness/grade/submission.js';
import { languageRunners } from '../harness/grade/runners.js';
it('cost', async () => {
  const a = loadAssignment('specs/evil-hangman-java.yaml');
  const subs = ['classic-dashes', 'scanner-per-read', 'status-block-before-prompt', 'play-again-offer'].map((s) => `fixtures/evil-hangman-java/submissions/accepted/${s}`);
  await gradeSubmission(a, subs[0]!, { runners: languageRunners() }); // warm
  const c0 = process.cpuUsage(); const t0 = performance.now();
  let games = 0;
  for (const s of subs) { const r = await gradeSubmission(a, s, { runners: languageRunners() }); games += r.tests.length; if (r.score !== r.maxScore) console.log('NOT FULL', s); }
  const c = process.cpuUsage(c0);
  console.log(`node cpu ${((c.user + c.system) / 1000 / games).toFixed(1)} ms per game over ${games} games, wall ${((performance.now() - t0) / games).toFixed(0)} ms per game`);
}, 600_000);
