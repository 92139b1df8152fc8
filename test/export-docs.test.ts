// The GitHub Classroom / Gradescope docs stay accurate to the CLI: every gradekit command line they show names a real
// command and only options that command has, and the workflows are valid YAML with the steps the docs describe.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { registerExportCommands } from '../harness/export/cli.js';
import { rootPath } from '../harness/paths.js';

const DOCS = ['docs/github-classroom.md', 'docs/workflows/gradekit.yml', 'docs/workflows/gradekit-batch.yml'];
const BUILT_IN = ['list', 'check', 'golden', 'play', 'grade', 'merge', 'demo'];

/** Help text per command: the built-in ones from bin/gradekit, the export ones from registerExportCommands. */
function helpOf(): Map<string, string> {
  const help = new Map<string, string>();
  for (const c of BUILT_IN) help.set(c, execFileSync(rootPath('bin', 'gradekit'), [c, '--help'], { encoding: 'utf8' }));
  const program = new Command('gradekit');
  registerExportCommands(program);
  for (const c of program.commands) {
    if (c.commands.length) for (const s of c.commands) help.set(`${c.name()} ${s.name()}`, s.helpInformation());
    else help.set(c.name(), c.helpInformation());
  }
  return help;
}

/** `gradekit <command> args…` as written in the docs (in code spans, code blocks and workflow steps). */
function invocations(text: string, commands: string[]): { command: string; options: string[]; line: string }[] {
  const out: { command: string; options: string[]; line: string }[] = [];
  const joined = text.replace(/\n\s+--/g, ' --'); // folded YAML (run: >) continues a command on the next line
  for (const m of joined.matchAll(/gradekit (export [a-z]+|[a-z]+)([^`\n|]*)/g)) {
    if (!commands.includes(m[1])) continue;
    out.push({ command: m[1], options: [...m[2].matchAll(/(?:^|\s)(--[a-z][a-z-]*|-[a-z])\b/g)].map((o) => o[1]), line: m[0] });
  }
  return out;
}

describe('docs for GitHub Classroom, batch grading and Gradescope', () => {
  it('only show commands and options gradekit has', () => {
    const help = helpOf();
    const seen = new Set<string>();
    for (const f of DOCS) {
      for (const inv of invocations(readFileSync(rootPath(f), 'utf8'), [...help.keys()])) {
        seen.add(inv.command);
        for (const o of inv.options) expect(help.get(inv.command), `${f}: ${inv.line}`).toMatch(new RegExp(`(^|[\\s,])${o}[\\s,=<[]`, 'm'));
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(['check', 'export gradescope', 'grade', 'list', 'merge', 'selfcheck']));
  });

  it('the Classroom workflow grades with the github reporter and reports points', () => {
    const wf = parse(readFileSync(rootPath('docs/workflows/gradekit.yml'), 'utf8'));
    const steps = wf.jobs['run-autograding-tests'].steps as { uses?: string; run?: string; with?: Record<string, unknown> }[];
    expect(wf.permissions).toMatchObject({ checks: 'write', contents: 'read' });
    expect(steps.map((s) => s.uses?.split('@')[0]).filter(Boolean)).toEqual(
      expect.arrayContaining(['actions/checkout', 'actions/setup-node', 'actions/setup-python']),
    );
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node'))!.with).toMatchObject({ 'node-version': 20 });
    const runs = steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toMatch(/npm ci --omit=dev/);
    expect(runs).toMatch(/gradekit check "\$ASSIGNMENT" \. .*--reporter github$/m);
    expect(runs).toMatch(/Autograding report/);
  });

  it('the batch workflow shards with the matrix and merges every shard', () => {
    const wf = parse(readFileSync(rootPath('docs/workflows/gradekit-batch.yml'), 'utf8'));
    expect(wf.jobs.grade.strategy.matrix.shard.length).toBeGreaterThan(1);
    const grade = (wf.jobs.grade.steps as { run?: string }[]).map((s) => s.run ?? '').join('\n');
    expect(grade).toMatch(/--shard \$\{\{ matrix\.shard \}\}\/\$\{\{ strategy\.job-total \}\}/);
    expect(wf.jobs.merge.needs).toBe('grade');
    const merge = (wf.jobs.merge.steps as { run?: string; with?: Record<string, string> }[]);
    expect(merge.find((s) => s.with?.pattern)!.with).toMatchObject({ pattern: 'shard-*', path: 'shards' });
    expect(merge.map((s) => s.run ?? '').join('\n')).toMatch(/gradekit merge merged shards\/shard-\*/);
  });
});
