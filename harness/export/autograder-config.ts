// The settings `gradekit export gradescope` bakes into the zip (gradekit-autograder.json next to run_autograder),
// read back by the grader on Gradescope. Paths in it are relative to the folder holding the file.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const CONFIG_FILE = 'gradekit-autograder.json';

const visibility = z.enum(['visible', 'hidden', 'after_due_date', 'after_published']);

export const autograderConfig = z
  .object({
    /** Assignment id (for messages). */
    assignment: z.string().min(1),
    /** The shipped spec (relative path): a bundled assignment's folder inside the shipped gradekit, or the course folder. */
    spec: z.string().min(1),
    /** 'hidden': hidden tests stay hidden on Gradescope; 'score-only': shown with name and points only. */
    hiddenTests: z.enum(['hidden', 'score-only']).default('hidden'),
    /** When students may see the autograder's stdout (Gradescope's stdout_visibility). */
    stdoutVisibility: visibility.default('hidden'),
    seed: z.union([z.number().int(), z.string()]).optional(),
    /** The course's own word list / starter folder, shipped in the zip (relative paths). */
    words: z.string().optional(),
    starter: z.string().optional(),
    /** Grading is stopped after this many seconds so a results.json is still written before Gradescope's own limit. */
    timeLimitSeconds: z.number().int().positive().default(540),
    /** The gradekit version that exported the zip. */
    gradekit: z.string().optional(),
  })
  .strict();

export type AutograderConfig = z.output<typeof autograderConfig>;
export type AutograderConfigInput = z.input<typeof autograderConfig>;

/** Reads and checks the config; throws an Error whose message is one line saying what is wrong. */
export function readAutograderConfig(file: string): AutograderConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read the autograder settings ${file}: ${(e as Error).message}`);
  }
  const r = autograderConfig.safeParse(raw);
  if (!r.success) throw new Error(`bad autograder settings in ${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return r.data;
}
