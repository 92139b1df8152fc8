// The launcher's V8 code cache (bin/gradekit): a command leaves the code it compiled in the cache folder,
// the next run of that command uses it, and a damaged or foreign cache is never trusted: the command
// runs as without one and the cache is written again. A command that needs a package at run time (esbuild,
// for `export gradescope` in a checkout) works from the cache too.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootPath } from '../harness/paths.js';

const run = (cache: string, ...args: string[]) =>
  spawnSync(process.execPath, [rootPath('bin', 'gradekit'), ...args], { encoding: 'utf8', env: { ...process.env, GRADEKIT_CACHE_DIR: cache } });
const files = (cache: string) => readdirSync(join(cache, 'v8')).filter((f) => f.endsWith('.bin'));

describe('the command line code cache', () => {
  it('is written by the first run of a command and used, unchanged, by the next', () => {
    const cache = mkdtempSync(join(tmpdir(), 'gk-v8-'));
    const first = run(cache, 'list');
    expect(first.status, first.stderr).toBe(0);
    const [f] = files(cache);
    expect(f).toMatch(/\.list\.bin$/);
    const written = statSync(join(cache, 'v8', f!)).mtimeMs;
    const again = run(cache, 'list');
    expect(again.stdout).toBe(first.stdout);
    expect(statSync(join(cache, 'v8', f!)).mtimeMs, 'an accepted cache is not written again').toBe(written);
    expect(run(cache, 'list', '--help').status).toBe(0); // options do not change the command's cache
    // Another command has a cache of its own.
    expect(run(cache, 'help').status).toBe(0);
    expect(files(cache).some((x) => x.endsWith('.help.bin'))).toBe(true);
  });

  it('runs correctly from a damaged cache and replaces it', () => {
    const cache = mkdtempSync(join(tmpdir(), 'gk-v8-'));
    const good = run(cache, 'list');
    const [f] = files(cache);
    writeFileSync(join(cache, 'v8', f!), Buffer.alloc(4096, 7));
    const r = run(cache, 'list');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(good.stdout);
    expect(statSync(join(cache, 'v8', f!)).size, 'the damaged cache was replaced').not.toBe(4096);
  });

  it('exports a Gradescope zip on every run, the second one from the cache (esbuild loaded at run time)', () => {
    const cache = mkdtempSync(join(tmpdir(), 'gk-v8-'));
    const zip = join(cache, 'autograder.zip');
    for (const pass of ['first', 'second, from the code cache']) {
      const r = run(cache, 'export', 'gradescope', 'ps3-mit', '--out', zip);
      expect(r.status, `${pass} run: ${r.stderr}`).toBe(0);
      expect(r.stderr, `${pass} run`).toBe('');
      expect(Object.keys(unzipSync(new Uint8Array(readFileSync(zip))))).toContain('gradekit/dist/run-autograder.mjs');
    }
    const [f] = files(cache).filter((x) => x.endsWith('.export.bin'));
    expect(f, 'the export command has its cache').toBeDefined();
    const written = statSync(join(cache, 'v8', f!)).mtimeMs;
    expect(run(cache, 'export', 'gradescope', 'ps3-mit', '--out', zip).status).toBe(0);
    expect(statSync(join(cache, 'v8', f!)).mtimeMs, 'the cache was accepted, not refused and rewritten').toBe(written);
  }, 120_000);

  it('runs without a cache where none can be written', () => {
    const r = run('/dev/null/gradekit', 'list'); // a folder that cannot be made
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ps3-mit$/m);
  });
});

describe('the bundle of a checkout', () => {
  it('is rebuilt when a file it was built from changes, and not for a file it does not hold', () => {
    const copy = mkdtempSync(join(tmpdir(), 'gk-stale-'));
    try {
      for (const f of ['bin', 'harness', 'reference', 'bench', 'scripts', 'package.json']) cpSync(rootPath(f), join(copy, f), { recursive: true });
      symlinkSync(rootPath('node_modules'), join(copy, 'node_modules'), 'dir');
      const version = () => {
        const r = spawnSync(process.execPath, [join(copy, 'bin', 'gradekit'), '--version'], { encoding: 'utf8', env: { ...process.env, GRADEKIT_CACHE_DIR: join(copy, 'cache') } });
        expect(r.status, r.stderr).toBe(0);
        return statSync(join(copy, 'dist', 'gradekit.cjs')).mtimeMs;
      };
      const later = (f: string) => utimesSync(f, new Date(), new Date(Date.now() + 5_000));
      const first = version();
      expect(JSON.parse(readFileSync(join(copy, 'dist', 'gradekit.inputs.json'), 'utf8'))).toEqual(expect.arrayContaining(['bin/cli.ts', 'harness/demo.ts', 'scripts/build.mjs']));
      expect(version(), 'nothing changed').toBe(first);
      writeFileSync(join(copy, 'harness', 'unused.ts'), 'export const x = 1;\n');
      later(join(copy, 'harness', 'unused.ts'));
      expect(version(), 'a file the bundle does not hold').toBe(first);
      later(join(copy, 'harness', 'demo.ts'));
      const second = version();
      expect(second, 'a source file changed').toBeGreaterThan(first);
      later(join(copy, 'scripts', 'build.mjs')); // bundled too: export rebuilds the grader with it
      const third = version();
      expect(third, 'the build script changed').toBeGreaterThan(second);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
