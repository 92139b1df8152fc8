// `npm test`: the type check and the test files at the same time. tsc runs on one core for ~6 s; run
// before vitest, it held back the whole suite that long. Arguments go to vitest (npm test -- test/x.test.ts).
// `npm run test:slow` (--slow): the slow suite alone (test/suites.ts), without the type check `npm test` made.
// Exits non-zero when either fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) =>
  new Promise((resolve) => {
    const p = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('error', () => resolve(1));
    p.on('exit', (code) => resolve(code ?? 1));
  });

const args = process.argv.slice(2);
const slow = args.includes('--slow');
const vitest = [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...(slow ? ['--config', join(root, 'vitest.slow.config.ts')] : []), ...args.filter((a) => a !== '--slow')];
const [types, tests] = await Promise.all([
  slow ? Promise.resolve(0) : run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', root]),
  run(vitest),
]);
if (types !== 0) console.error('npm test: the type check (tsc --noEmit) failed; its errors are above.');
process.exit(types || tests);
