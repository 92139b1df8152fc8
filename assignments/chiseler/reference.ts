// The reference of this course folder: Word Chiseler's functions and the validators that judge any
// correct strategy. gradekit compiles it in; a course's own reference module has the same form.
export { chiselerAdapter as default } from '../../reference/chiseler/adapter.js';
