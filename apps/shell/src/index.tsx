import { startEarly } from './early.ts';

// Who is signed in, /remotes.json and the address's remote load while the shared chunks download.
startEarly();
// Async boundary: Module Federation negotiates the shared singletons before bootstrap runs.
import('./bootstrap.tsx');
