// The reference of this course folder: the PS3 word game (its variant is options.variant in
// assignment.yaml). gradekit compiles it in; a course's own reference module has the same form.
export { wordgameAdapter as default } from '../../reference/wordgame/adapter.js';
