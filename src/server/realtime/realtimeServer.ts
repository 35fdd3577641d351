import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { HandshakeAuthSchema, SOCIAL_SOCKET_PATH } from '../../protocol/social.ts';
import type { Db } from '../db/database.ts';
import { SocialRepository } from '../modules/social/social.repository.ts';
import { SocialService } from '../modules/social/social.service.ts';
import { registerSocialHandlers, type SocialServer } from './socialGateway.ts';
import { visitorFromHandshake, type ResolveSessionUser } from './socketIdentity.ts';

export interface RealtimeDeps {
  db: Db;
  /** With a Redis address, rooms are shared by every server process that uses the same Redis. */
  redisUrl?: string | undefined;
  resolveUser: ResolveSessionUser;
  service?: SocialService;
}

/**
 * Socket.IO on the app's own HTTP server (same origin as the viewer, path /socket.io/), one room per tour.
 * WebSocket only: no long-polling means no sticky sessions behind a load balancer.
 */
export function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): SocialServer {
  const service = deps.service ?? new SocialService(new SocialRepository(deps.db));
  const io: SocialServer = new Server(app.server, { path: SOCIAL_SOCKET_PATH, serveClient: false, transports: ['websocket'], maxHttpBufferSize: 16 * 1024 });

  let redis: Redis[] = [];
  if (deps.redisUrl) {
    // Named per process so an operator (and a test) can tell this server's connections apart in CLIENT LIST.
    const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3, connectionName: `atrium-realtime-${process.pid}` });
    const sub = pub.duplicate();
    redis = [pub, sub];
    // ioredis reconnects by itself; log each failure at most once per outage instead of every retry.
    for (const client of redis) {
      let down = false;
      client.on('error', (err: Error) => {
        if (!down) app.log.warn({ err }, 'realtime: Redis unreachable, rooms are local to this process until it returns');
        down = true;
      });
      client.on('ready', () => { down = false; });
    }
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const auth = HandshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('Unsupported handshake'));
    visitorFromHandshake(auth.data, clientAddress(socket.handshake), deps.resolveUser).then(
      (visitor) => {
        socket.data.visitor = visitor;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on('connection', (socket) => registerSocialHandlers(io, socket, service, app.log));

  // Open WebSockets would keep the HTTP server from closing: end them before Fastify closes it.
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.resolve(io.of('/').adapter.close()).catch(() => {});
    await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
  });
  return io;
}

/**
 * The visitor's address for the per-address comment limit. The app trusts its proxy (Fastify's trustProxy), so
 * behind one the first X-Forwarded-For entry is the visitor; otherwise every visitor would share the proxy's.
 */
function clientAddress(handshake: { address: string; headers: Record<string, string | string[] | undefined> }): string {
  const forwarded = handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || handshake.address;
}
