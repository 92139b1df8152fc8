// Registers the bundled reference adapters (imported once by the CLI and the tests): by id, for specs
// that name one (`reference: wordgame`), and the bundled course folders' reference modules by path, so
// that `reference: ./reference.ts` in assignments/<id>/assignment.yaml is compiled into gradekit
// rather than at run time.
import { registerAdapter, registerBuiltinModule } from './index.js';
import { chiselerAdapter } from './chiseler/adapter.js';
import { wordgameAdapter } from './wordgame/adapter.js';
import { niftyAdapter } from './hangman/programs.js';
import ps3mit from '../assignments/ps3-mit/reference.js';
import ps3ocw from '../assignments/ps3-ocw/reference.js';
import hangman313e from '../assignments/hangman-313e/reference.js';
import chiseler from '../assignments/chiseler/reference.js';
import evilHangmanJava from '../assignments/evil-hangman-java/reference.js';

registerAdapter(chiselerAdapter);
registerAdapter(wordgameAdapter);
registerAdapter(hangman313e);
registerAdapter(niftyAdapter);

registerBuiltinModule('assignments/ps3-mit/reference.ts', ps3mit);
registerBuiltinModule('assignments/ps3-ocw/reference.ts', ps3ocw);
registerBuiltinModule('assignments/hangman-313e/reference.ts', hangman313e);
registerBuiltinModule('assignments/chiseler/reference.ts', chiseler);
registerBuiltinModule('assignments/evil-hangman-java/reference.ts', evilHangmanJava);
