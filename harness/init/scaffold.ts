// What `gradekit init` does the same for every language: the course folder's files (each one reported as
// made), the assignment's id, and the CI workflow of the course repository.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { SPEC_FILE } from '../assignment/load.js';

export const q = (s: string) => JSON.stringify(s);

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A path as the user reads it: relative to where they ran gradekit. */
export const shown = (p: string) => relative(process.cwd(), p) || p;

/** Writes and copies files into the course folder, recording each one it made. */
export function folderWriter(folder: string, created: string[]) {
  const at = (rel: string) => {
    const p = join(folder, rel);
    mkdirSync(dirname(p), { recursive: true });
    created.push(shown(p));
    return p;
  };
  return {
    write: (rel: string, text: string) => writeFileSync(at(rel), text),
    copy: (from: string, rel: string) => copyFileSync(from, at(rel)),
  };
}

/** Ids of a spec's tests, unique: a second `count` is `count-2`. */
export function idMaker(): (base: string) => string {
  const ids = new Set<string>();
  return (base) => {
    let i = base;
    for (let k = 2; ids.has(i); k++) i = `${base}-${k}`;
    ids.add(i);
    return i;
  };
}

/** The nearest folder holding .git: the course repository, where CI workflows live. */
function repoRoot(folder: string): string | undefined {
  let d = folder;
  for (;;) {
    if (existsSync(join(d, '.git'))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

function workflow(specRel: string, acceptedRel: string, id: string, language: 'python' | 'java'): string {
  const setup = language === 'java'
    ? `      - uses: actions/setup-java@v4
        with:
          distribution: temurin
          java-version: '17'`
    : `      - uses: actions/setup-python@v5
        with:
          python-version: '3.12'`;
  return `# gradekit checks for ${id}, written by \`gradekit init\`. On every push that touches the assignment:
# its golden files still match the solution, every example submission gets the verdict of its folder,
# and the known-correct solutions pass every scored test.
name: gradekit ${id}
on:
  push:
  pull_request:
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
${setup}
      # gradekit is a dependency of the course repository (package.json).
      - run: npm ci
      - run: npx gradekit golden ${specRel}
      - run: npx gradekit fixtures ${specRel}
      - run: npx gradekit vet ${specRel} ${acceptedRel}
`;
}

/** The CI workflow at the course repository's root (or in the folder, outside a repository), unless one is there.
 *  Outside a repository, what to do with it (a next step for init to print). */
export function writeWorkflow(folder: string, id: string, language: 'python' | 'java', created: string[]): string | undefined {
  const repo = repoRoot(folder);
  const wfDir = repo ?? folder;
  const specRel = relative(wfDir, join(folder, SPEC_FILE)).split(sep).join('/');
  const acceptedRel = relative(wfDir, join(folder, 'fixtures', 'submissions', 'accepted')).split(sep).join('/');
  const wfName = repo && repo !== folder ? `gradekit-${id}.yml` : 'gradekit.yml';
  const p = join(wfDir, '.github', 'workflows', wfName);
  if (existsSync(p)) return undefined;
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, workflow(specRel, acceptedRel, id, language));
  created.push(shown(p));
  // GitHub runs only the workflows of a repository's own .github/workflows/, with paths from its root.
  return repo ? undefined : `No git repository holds ${shown(folder)}: its CI workflow went to ${shown(p)}, where GitHub does not run it. Move it to your course repository's .github/workflows/ and write its paths (${specRel}, ${acceptedRel}) from the repository's root.`;
}
