import * as nodeModule from 'node:module';

// The server's entry. Node's compile cache (Node 22.1+, in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE
// turns it off) keeps the compiled code of the server's ~1,500 modules from one start to the next, which takes a
// tenth off a restart; it must be on before they are loaded, so the server itself is imported after it.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./start.js');
