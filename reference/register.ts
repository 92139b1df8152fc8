// Registers the bundled reference adapters (imported once by the CLI and the tests): by id, for specs
// that name one (`reference: wordgame`), and by the path of their module, so that a bundled spec's
// `reference: ../reference/wordgame/adapter.ts` is compiled into gradekit rather than at run time.
import { registerAdapter, registerBuiltinModule } from './index.js';
import { chiselerAdapter } from './chiseler/adapter.js';
import { wordgameAdapter } from './wordgame/adapter.js';
import { hangman313eAdapter } from './hangman/adapter.js';
import { niftyAdapter } from './hangman/nifty/adapter.js';

registerAdapter(chiselerAdapter);
registerAdapter(wordgameAdapter);
registerAdapter(hangman313eAdapter);
registerAdapter(niftyAdapter);

registerBuiltinModule('reference/wordgame/adapter.ts', wordgameAdapter);
registerBuiltinModule('reference/chiseler/adapter.ts', chiselerAdapter);
registerBuiltinModule('reference/hangman/adapter.ts', hangman313eAdapter);
registerBuiltinModule('reference/hangman/nifty/adapter.ts', niftyAdapter);
