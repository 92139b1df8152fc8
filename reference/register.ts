// Registers every assignment's reference adapter (imported once by the CLI and the tests).
import { registerAdapter } from './index.js';
import { chiselerAdapter } from './chiseler/adapter.js';
import { wordgameAdapter } from './wordgame/adapter.js';
import { hangman313eAdapter } from './hangman/adapter.js';
import { hangman313ePrograms, niftyAdapter } from './hangman/programs.js';

registerAdapter(chiselerAdapter);
registerAdapter(wordgameAdapter);
registerAdapter({ ...hangman313eAdapter, programs: { ...hangman313eAdapter.programs, ...hangman313ePrograms } });
registerAdapter(niftyAdapter);
