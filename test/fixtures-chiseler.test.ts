import { fixtureVerdictSuite } from './fixtures-support.js';

fixtureVerdictSuite('chiseler');
