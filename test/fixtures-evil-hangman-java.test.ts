import { fixtureVerdictSuite } from './fixtures-support.js';

fixtureVerdictSuite('evil-hangman-java');
