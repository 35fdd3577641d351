import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The running server leaves its address in its data folder, so `atrium import` (often run from another shell,
 * without the server's PORT) prints a link to the server that will actually show the tour.
 */
const FILE = 'server.json';

interface Recorded { url: string; pid: number }

/** The address visitors use: PUBLIC_URL, else the port the server really listens on (PORT=0 picks one). */
export function listeningUrl(config: Pick<Config, 'publicUrl'>, port: number): string {
  return config.publicUrl === 'http://localhost:0' ? `http://localhost:${port}` : config.publicUrl;
}

export function recordServerUrl(dataDir: string, url: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ url, pid: process.pid } satisfies Recorded));
  fs.renameSync(temp, file);
}

/** Forgets the address, unless another server has written its own since. */
export function forgetServerUrl(dataDir: string): void {
  const recorded = read(dataDir);
  if (recorded?.pid === process.pid) fs.rmSync(path.join(dataDir, FILE), { force: true });
}

/** The address of the server running on this data folder, if one is (a stale file of a crashed server is ignored). */
export function runningServerUrl(dataDir: string): string | null {
  const recorded = read(dataDir);
  if (!recorded || !alive(recorded.pid)) return null;
  return recorded.url;
}

/**
 * Where a tour of this data folder is seen: PUBLIC_URL or PORT when set for this command, else the running
 * server's address, else the default (http://localhost:8080).
 */
export function tourBaseUrl(config: Pick<Config, 'publicUrl' | 'addressConfigured' | 'dataDir'>): string {
  if (config.addressConfigured) return config.publicUrl;
  return runningServerUrl(config.dataDir) ?? config.publicUrl;
}

function read(dataDir: string): Recorded | null {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as Partial<Recorded>;
    return typeof value.url === 'string' && Number.isInteger(value.pid) ? { url: value.url, pid: value.pid! } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
