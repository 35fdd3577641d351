// The presence benchmark's simulated visitors, in a process of their own so that the watching client's clock is not
// held up by their timers: node --import tsx tests/bench/support/poseSenders.ts CONFIG.json
// Each is a socket.io-client connection (signed in to the lounge and joined to the panorama, or bare for the baseline)
// that sends a view pose every 1000/RATE ms for SECONDS, starting at a random phase. The yaw carries the send time
// (ms modulo 100 s, as degrees / 1000) so the watcher can measure the delay. Batches they receive are dropped unread
// by the decoder: 500 clients parsing everyone's poses would measure this process, not the server.
import fs from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder } from 'socket.io-parser';
import { timeAsYaw, wallMs } from './poseClock.ts';

export interface SendersConfig {
  url: string;
  path: string;
  /** One auth object per visitor. */
  auths: Record<string, unknown>[];
  /** Emitted (with acknowledgement) once connected: the lounge's join. */
  join: { event: string; request: unknown } | null;
  rate: number;
  seconds: number;
}


class DroppingDecoder extends Decoder {
  override add(packet: unknown): void {
    // "2/lounge,[\"pose:batched\"…" or "2[\"pose:batched\"…": an event packet this client never reads.
    if (typeof packet === 'string' && packet.startsWith('2') && packet.slice(0, 40).includes('"pose:batched"')) return;
    super.add(packet);
  }
}

function connect(cfg: SendersConfig, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(cfg.url, { path: cfg.path, transports: ['websocket'], reconnection: false, forceNew: true, auth, parser: { Encoder, Decoder: DroppingDecoder } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      if (!cfg.join) return resolve(socket);
      socket.timeout(60_000).emit(cfg.join.event, cfg.join.request, (err: Error | null, answer: { ok: boolean; error?: unknown }) => {
        if (err || !answer.ok) reject(new Error(`join failed: ${err?.message ?? JSON.stringify(answer.error)}`));
        else resolve(socket);
      });
    });
    socket.once('connect_error', reject);
  });
}

async function main(): Promise<void> {
  const cfg = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as SendersConfig;
  const sockets: Socket[] = [];
  // Fifty at a time: a burst of 500 handshakes is a different benchmark.
  for (let i = 0; i < cfg.auths.length; i += 50) sockets.push(...await Promise.all(cfg.auths.slice(i, i + 50).map((auth) => connect(cfg, auth))));
  process.stdout.write('connected\n');
  let sent = 0;
  const interval = 1000 / cfg.rate;
  const timers: ReturnType<typeof setInterval>[] = [];
  const startedAt = wallMs();
  process.stdout.write(`started ${startedAt}\n`);
  for (const [i, socket] of sockets.entries()) {
    const pitch = ((i % 120) - 60) / 2;
    setTimeout(() => {
      timers.push(setInterval(() => {
        socket.volatile.emit('pose:update', [timeAsYaw(wallMs()), pitch, 0]);
        sent++;
      }, interval));
    }, Math.random() * interval);
  }
  await new Promise((r) => setTimeout(r, cfg.seconds * 1000));
  for (const timer of timers) clearInterval(timer);
  process.stdout.write(`done ${sent} ${wallMs() - startedAt}\n`);
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
