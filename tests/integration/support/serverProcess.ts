import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../support/freePort.ts';

export interface ServerProcess {
  baseUrl: string;
  /** The server's OS process (benchmarks read its CPU time from /proc). */
  pid: number;
  /** SIGTERM, then the exit code (the graceful stop of main.ts). */
  stop(): Promise<number | null>;
  kill(): void;
}

/**
 * The real server (src/server/main.ts) as its own OS process over an existing data folder, without the demo tour.
 * Resolves once it prints that it is running (or, with ROLE=worker, that the tile worker is).
 */
export async function startServerProcess(opts: { dataDir: string; clientDir: string; env?: Record<string, string>; port?: number }): Promise<ServerProcess> {
  // A fixed port lets a test restart a killed process where its clients will look for it again.
  const port = opts.port ?? await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, CLIENT_DIR: opts.clientDir, PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_TOUR: 'false', ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // A worker-only process (ROLE=worker) says so instead.
      if (output.includes('Atrium is running at') || output.includes('Atrium tile worker is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: () => { if (child.exitCode === null) child.kill('SIGKILL'); },
  };
}
