// Turns: one concept for judging console programs by meaning, shared by every language and runner.
// A Turn is the output between two inputs; roles say what a question asks and what a printed value
// means; facts are what a turn says; the judge checks a program's turns against the reference's.
export { turnsOf, turnText, turnLines, whenTurn, echoedInputs, type Turn, type InputRecord } from './turn.js';
export {
  buildRoleTable, mergeRoleSpecs, classifyQuestion, questionLine, RoleError,
  ROLE_KINDS, ANSWER_KINDS, type RoleKind, type AnswerKind, type RoleSpec, type RoleSpecs, type Role, type RoleTable,
} from './roles.js';
export { readNumbers, readRuns, readPatterns, readLetters, linesSaying, sortLetters, spaced, wordsIn, type Fact, type NumberSeen, type RunSeen, type PatternSeen } from './facts.js';
export { checkFacts, judgeTurns, judgeTurnsAll, shownProblems, type ExplainNumber, type TurnProblem, type TurnsInput, type FactContext } from './judge.js';
export { factsOf, readTurns, checkWordList, wordLine, flatPattern } from './extract.js';
export { Answerer, type AnswerPlan } from './answers.js';
