import { spawn, type ChildProcess } from 'node:child_process';
import { CSP_VIOLATION_LOG } from '../../src/server/http/cspReports.ts';
import { freePort } from './freePort.ts';

export interface AtriumServer {
  baseUrl: string;
  demoTourId: string;
  /** The server's OS process (the meeting benchmark reads its CPU time, and its Janus child's, from /proc). */
  pid: number;
  /** Kills the server's process group; safe to call twice and from an exit handler (synchronous). */
  stop(): void;
  /** The last lines the server printed (at LOG_LEVEL warn: its warnings and errors), to explain a failure. */
  recentOutput(): string;
  /** Every content-security-policy violation browsers reported to it since it started (its log lines). */
  cspViolations(): string[];
}

const KEPT_OUTPUT_CHARS = 20_000;

const START_TIMEOUT_MS = 240_000;

/** Every server started here and not yet stopped: killed on process exit, even one still starting up. */
const running = new Set<() => void>();
process.on('exit', () => stopAllAtriumServers());

export function stopAllAtriumServers(): void {
  for (const stop of [...running]) stop();
}

/**
 * Starts the real server as `npm start` does (shared by the e2e suite's global setup and the benchmarks): an empty data folder,
 * so it renders and tiles the demo tour, and waits for the printed "Demo tour: <url>".
 * `clientDir` is a private copy of dist/: @fastify/static lists the files once at start, so another build of
 * dist/ during the benchmark would otherwise turn every hashed asset into a 404.
 */
export async function startAtriumServer(opts: { repoRoot: string; dataDir: string; clientDir: string; env?: Record<string, string>; port?: number }): Promise<AtriumServer> {
  const port = opts.port ?? (await freePort());
  // localhost, not 127.0.0.1: the viewer expects a secure context (WebXR), which localhost is.
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.repoRoot,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, CLIENT_DIR: opts.clientDir,
      PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', DATABASE_URL: '',
      // Extra variables of the caller, e.g. the e2e suite's SMTP_URL.
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends the tiler's and renderer's workers
  });
  let stopped = false;
  const stop = () => {
    running.delete(stop);
    if (stopped || !child.pid) return;
    stopped = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  running.add(stop);
  let output = '';
  const violations: string[] = [];
  try {
    const demoTourId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not print the demo tour within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
        violations.push(...chunk.toString().split('\n').filter((line) => line.includes(CSP_VIOLATION_LOG)));
        const match = /Demo tour: \S+\/([A-Za-z0-9_-]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${output}`));
      });
    });
    return { baseUrl, demoTourId, pid: child.pid!, stop, recentOutput: () => output, cspViolations: () => [...violations] };
  } catch (error) {
    stop();
    throw error;
  }
}
