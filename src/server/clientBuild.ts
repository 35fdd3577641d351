import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the client while the server loads and creates the demo tour (src/server/start.ts):
 * on a first start the two used to run one after the other. main.ts awaits the build before it
 * serves the client folder (@fastify/static lists its files once, when registered).
 */
let building: Promise<void> = Promise.resolve();

export function startClientBuild(): void {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  building = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the client build (vite build) failed with exit code ${code}`))));
  });
  building.catch(() => {}); // reported where it is awaited
}

/** Settles when the build startClientBuild started is done; at once when none was started. */
export function clientBuilt(): Promise<void> {
  return building;
}
