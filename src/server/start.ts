// `npm start`: the client build starts first, then the server's modules load (seconds of work that
// the build no longer waits for); main.ts awaits the build before it serves the client.
import { startClientBuild } from './clientBuild.ts';

startClientBuild();
await import('./main.ts');
