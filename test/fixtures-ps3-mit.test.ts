import { fixtureVerdictSuite } from './fixtures-support.js';

fixtureVerdictSuite('ps3-mit');
