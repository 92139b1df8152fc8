// Registers every assignment's reference adapter (imported once by the CLI and the tests).
import { registerAdapter } from './index.js';
import { chiselerAdapter } from './chiseler/adapter.js';

registerAdapter(chiselerAdapter);
