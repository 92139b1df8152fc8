import { fixtureVerdictSuite } from './fixtures-support.js';

fixtureVerdictSuite('hangman-313e');
