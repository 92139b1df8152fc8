// The reference of this course folder: the Nifty Evil Hangman game (played by `gradekit play`; the
// game tests are judged by the interactive oracle). gradekit compiles it in; a course's own reference
// module has the same form.
export { niftyAdapter as default } from '../../reference/hangman/programs.js';
