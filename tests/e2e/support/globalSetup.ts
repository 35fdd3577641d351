import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedAvailability, type SeededTours } from './seedAvailability.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoTourId: string;
    seeded: SeededTours;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

let child: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the real server on an empty data folder, as `npm start` does, and waits for the demo tour's URL. */
export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  // localhost, not 127.0.0.1: WebXR emulation needs a secure context, which localhost is.
  const baseUrl = `http://localhost:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const demoTourId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print the demo tour within 200 s:\n${output}`)), 200_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Demo tour: \S+\/([A-Za-z0-9_-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('demoTourId', demoTourId);
  project.provide('seeded', seedAvailability(dataDir, demoTourId));
}

export async function teardown(): Promise<void> {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
