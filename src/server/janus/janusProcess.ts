import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findJanusFolders, janusConfigFiles, whichBinary } from './janusConfig.ts';

/** How the server reaches a Janus: its WebSocket API address and the secrets it must present. */
export interface JanusEndpoint {
  url: string;
  apiSecret?: string;
  adminKey?: string;
}

export interface JanusChild extends JanusEndpoint {
  pid: number | undefined;
  /** Ends Janus and removes its folder. */
  stop(): Promise<void>;
}

export interface JanusChildOptions {
  binary?: string;
  rtpPortRange?: string;
  /** Janus's own output lines (warnings and errors at the default level). */
  onOutput?: (line: string) => void;
  startTimeoutMs?: number;
}

export class JanusUnavailable extends Error {}

/**
 * Starts a private Janus as a child process: a temporary folder with its own configuration (WebSocket API on a free
 * loopback port, fresh API secret and room admin key, only the VideoRoom plugin), waits until its API accepts
 * connections. Throws JanusUnavailable when the binary or its VideoRoom plugin is missing, or it does not come up.
 */
export async function startJanusChild(opts: JanusChildOptions = {}): Promise<JanusChild> {
  const binary = whichBinary(opts.binary ?? 'janus');
  if (!binary) throw new JanusUnavailable('the janus binary is not installed');
  const folders = findJanusFolders(binary);
  if (!folders) throw new JanusUnavailable(`no VideoRoom plugin and WebSocket transport beside ${binary}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-janus-'));
  const wsPort = await freeLoopbackPort();
  const apiSecret = randomBytes(24).toString('hex');
  const adminKey = randomBytes(24).toString('hex');
  for (const [file, text] of Object.entries(janusConfigFiles({ folders, wsPort, apiSecret, adminKey, rtpPortRange: opts.rtpPortRange }))) {
    fs.writeFileSync(path.join(dir, file), text, { mode: 0o600 });
  }
  const janusArgs = ['-F', dir, '-C', path.join(dir, 'janus.jcfg'), '--disable-colors'];
  // A Janus left behind by a killed server keeps its threads, ports and folder for ever. setpriv (util-linux, on
  // every Debian) asks the kernel to kill Janus when the process that started it dies, however it dies.
  const setpriv = whichBinary('setpriv');
  const [command, args] = setpriv ? [setpriv, ['--pdeathsig', 'SIGKILL', '--', binary, ...janusArgs]] : [binary, janusArgs];
  const child: ChildProcess = spawn(command, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onChunk = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) opts.onOutput?.(line);
  };
  child.stdout?.on('data', onChunk);
  child.stderr?.on('data', onChunk);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(force);
    }
    removeDir();
  };
  try {
    await waitForPort(wsPort, opts.startTimeoutMs ?? 15_000, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await stop();
    throw new JanusUnavailable(`Janus did not start: ${error instanceof Error ? error.message : String(error)}\n${output.trim().split('\n').slice(-5).join('\n')}`);
  }
  return { url: `ws://127.0.0.1:${wsPort}`, apiSecret, adminKey, pid: child.pid, stop };
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number, timeoutMs: number, gone: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone()) throw new Error('it exited');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`its API did not open within ${timeoutMs / 1000} s`);
}
