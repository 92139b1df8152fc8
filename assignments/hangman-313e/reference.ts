// The reference of this course folder: the 313E Hangman class and the course runner's programs.
// gradekit compiles it in; a course's own reference module has the same form.
import type { ReferenceAdapter } from '../../harness/model/reference.js';
import { hangman313eAdapter } from '../../reference/hangman/adapter.js';
import { hangman313ePrograms } from '../../reference/hangman/programs.js';

const reference: ReferenceAdapter = { ...hangman313eAdapter, programs: { ...hangman313eAdapter.programs, ...hangman313ePrograms } };
export default reference;
