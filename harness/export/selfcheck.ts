// Student self-check: which assignment is the submission in this folder for? We look for the file names the
// specs declare (ps3.py, hangman.py, chiseler.py, any .java file) and, when several assignments share a file
// name (ps3.py for ps3-mit and ps3-ocw), tell them apart by what the file says (the markers its spec lists,
// such as the variant's '*END*' or '!!'). A course folder the student works in (an assignment.yaml in the
// folder or above it) is the assignment, before any bundled one.
// Specs are read lightly (YAML only, no validation) so that one broken spec never stops a student's check.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { bundledIdOf, bundledSpecs, SPEC_FILE } from '../assignment/load.js';

export type AssignmentMatch = { assignment: string; file: string } | { error: string };

export interface FindOptions {
  /** A folder of spec files to choose from (default: the course folder around `dir`, else the bundled assignments). */
  specsDir?: string;
  /** The spec files to choose from (instead of specsDir). */
  specs?: string[];
  /** How deep to look below the folder (default 3): students keep their file in a sub-folder or a repo. */
  maxDepth?: number;
}

/** What a spec says about the file a student hands in. */
export interface SubmissionSignature {
  /** A bundled assignment's id, or the path of a course folder's spec: what `gradekit check` takes. */
  assignment: string;
  language: 'python' | 'java' | string;
  /** The file name students submit (Python); undefined for Java (a folder of .java files). */
  file?: string;
  /** Strings that only this assignment's submissions contain, each as a quoted literal (e.g. '*END*'). */
  markers: string[];
}

const SKIP_DIRS = new Set(['node_modules', '__pycache__', '__MACOSX', 'venv', 'env', 'build', 'out', 'target', 'bin']);

/** The spec files of a folder (every .yaml in it). */
function specsIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort().map((n) => join(dir, n)) : [];
}

/** The course folder a student works in: the nearest assignment.yaml in `dir` or up to four folders above. */
export function courseSpecNear(dir: string): string | undefined {
  let d = resolve(existsSync(dir) && statSync(dir).isFile() ? dirname(dir) : dir);
  for (let i = 0; i < 5; i++) {
    const p = join(d, SPEC_FILE);
    if (existsSync(p)) return p;
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return undefined;
}

/** A bundled assignment's spec is named by its id; any other by its path. */
function nameOf(spec: string): string {
  return bundledIdOf(spec) ?? spec;
}

/** Reads each spec; a spec that cannot be parsed is left out (its loader reports it elsewhere). */
export function submissionSignatures(specs: string[] = bundledSpecs()): SubmissionSignature[] {
  const out: SubmissionSignature[] = [];
  for (const f of specs) {
    let d: Record<string, unknown>;
    try {
      d = parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!d || typeof d !== 'object') continue;
    const bundled = nameOf(f);
    const assignment = bundled !== f ? bundled : basename(f) === SPEC_FILE ? f : typeof d.assignment === 'string' ? d.assignment : basename(f).replace(/\.ya?ml$/, '');
    const language = typeof d.language === 'string' ? d.language : 'python';
    const sub = (d.submission ?? {}) as Record<string, unknown>;
    const file = typeof sub.file === 'string' ? sub.file : undefined;
    if (language !== 'java' && !file) continue;
    const markers = Array.isArray(sub.markers) ? sub.markers.filter((m): m is string => typeof m === 'string') : [];
    out.push({ assignment, language, file: language === 'java' ? undefined : file, markers });
  }
  return out;
}

/** The sentinel as a string literal in the source: '!!' must not match print("Hi!!!") or a comment's "!!" run. */
function hasMarker(source: string, marker: string): boolean {
  const m = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(['"])${m}\\1`).test(source);
}

interface Found {
  path: string;
  depth: number;
}

/** Files below dir (depth 0 = in dir itself) that satisfy want, skipping hidden and tool folders. */
function walk(dir: string, want: (name: string) => boolean, maxDepth: number, depth = 0, out: Found[] = []): Found[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) {
      if (depth < maxDepth && !SKIP_DIRS.has(name)) walk(p, want, maxDepth, depth + 1, out);
    } else if (st.isFile() && want(name)) out.push({ path: p, depth });
  }
  return out;
}

function shallowest(found: Found[]): Found[] {
  const min = Math.min(...found.map((f) => f.depth));
  return found.filter((f) => f.depth === min);
}

/**
 * Which assignment the submission in `dir` (a folder, or a single file) is for, and the file or folder to grade.
 * For Java the folder holding the .java files is returned, since a Java submission is the whole folder.
 */
export function findAssignmentFor(dir: string, opts: FindOptions = {}): AssignmentMatch {
  if (!existsSync(dir)) return { error: `folder not found: ${dir}` };
  const course = opts.specs || opts.specsDir ? undefined : courseSpecNear(dir);
  const specs = opts.specs ?? (opts.specsDir ? specsIn(opts.specsDir) : course ? [course] : [...bundledSpecs()].sort());
  const sigs = submissionSignatures(specs);
  if (!sigs.length) return { error: `no assignment specs found${opts.specsDir ? ` in ${opts.specsDir}` : course ? ` in ${course}` : ''}` };
  const isFile = statSync(dir).isFile();
  const root = isFile ? dirname(dir) : dir;
  const maxDepth = isFile ? 0 : (opts.maxDepth ?? 3);
  const only = isFile ? basename(dir) : undefined;
  const show = (p: string) => relative(root, p) || basename(p);

  // Every assignment whose file is present, with the shallowest copies found.
  const hits: { sig: SubmissionSignature; files: Found[] }[] = [];
  for (const sig of sigs) {
    const want = sig.language === 'java'
      ? (n: string) => extname(n).toLowerCase() === '.java'
      : (n: string) => n.toLowerCase() === sig.file!.toLowerCase();
    // Java sources often sit deep in a package tree (src/edu/school/course/Main.java).
    const depth = sig.language === 'java' && !isFile ? Math.max(maxDepth, 8) : maxDepth;
    const found = walk(root, (n) => (only === undefined || n === only) && want(n), depth);
    if (found.length) hits.push({ sig, files: shallowest(found) });
  }
  if (!hits.length) {
    const names = [...new Set(sigs.map((s) => s.file ?? '*.java'))].join(', ');
    return { error: `no submission file in ${dir}: expected one of ${names}; put your file in this folder or name the assignment (gradekit check <assignment> <file>)` };
  }

  // Several files for one assignment at the same depth (a copy in two sub-folders): the student must say which.
  for (const h of hits) {
    if (h.sig.language !== 'java' && h.files.length > 1) {
      return { error: `several copies of ${h.sig.file} in ${dir} (${h.files.map((f) => show(f.path)).join(', ')}): run gradekit check ${h.sig.assignment} <file> on the one you mean` };
    }
  }
  const pick = (h: (typeof hits)[number]): AssignmentMatch => ({
    assignment: h.sig.assignment,
    file: h.sig.language === 'java' ? dir : h.files[0].path,
  });
  if (hits.length === 1) return pick(hits[0]);

  // Only the shallowest kind of file counts: a course repo may hold an old chiseler.py under archive/.
  const top = Math.min(...hits.map((h) => h.files[0].depth));
  const near = hits.filter((h) => h.files[0].depth === top);
  if (near.length === 1) return pick(near[0]);

  // Assignments sharing one file: ask the file which variant it was written for.
  const paths = new Set(near.map((h) => h.files[0].path));
  if (paths.size === 1) {
    const [path] = paths;
    const source = readFileSync(path, 'utf8');
    const agree = near.filter((h) => h.sig.markers.length > 0 && h.sig.markers.every((m) => hasMarker(source, m)));
    if (agree.length === 1) return pick(agree[0]);
    const why = agree.length
      ? `it mentions ${agree.map((h) => h.sig.markers.map((m) => `'${m}'`).join(' and ')).join(' and ')}`
      : `it mentions none of ${near.flatMap((h) => h.sig.markers.map((m) => `'${m}'`)).join(', ') || 'their markers'}`;
    return { error: `${show(path)} could be for ${orList(near.map((h) => h.sig.assignment))} and ${why}: run gradekit check <assignment> ${show(path)} --visible-only with one of ${near.map((h) => h.sig.assignment).join(', ')} (--visible-only: the tests a student may see, as a self-check runs)` };
  }
  return {
    error: `files for several assignments in ${dir}: ${near.map((h) => `${h.sig.assignment} (${show(h.files[0].path)})`).join(', ')}: run gradekit check <assignment> <file> --visible-only for the one you mean`,
  };
}

function orList(xs: string[]): string {
  return xs.length <= 2 ? xs.join(' or ') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;
}
