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
import { clientAddressOf, type TrustFunction } from '../http/trustProxy.ts';
import { attachChatGateway } from './chatGateway.ts';
import type { ChatModule } from '../modules/chat/chat.routes.ts';
import { attachLounge, type LoungeRealtimeDeps } from './loungeRealtime.ts';
import { DEFAULT_AVATAR_LIMIT, LOUNGE_NAMESPACE } from '../../protocol/lounge.ts';
import { originAllowed } from './originCheck.ts';
import { redisKeys, type RedisKeys } from '../redisKeys.ts';

export interface RealtimeDeps {
  db: Db;
  /** With a Redis address, rooms are shared by every server process that uses the same Redis. */
  redisUrl?: string | undefined;
  /** The installation's names in that Redis (REDIS_PREFIX): its channels and presence, apart from another's. */
  redisKeys?: Pick<RedisKeys, 'socketIo' | 'lounge'>;
  resolveUser: ResolveSessionUser;
  service?: SocialService;
  /** The app's trusted-proxy rule (TRUST_PROXY): the handshake's address is found exactly as request.ip is. */
  trust?: TrustFunction;
  /** Instant messaging on the namespace /chat. */
  chat?: ChatModule;
  /** Avatars a lounge visitor draws at most (LOUNGE_AVATAR_LIMIT). */
  avatarLimit?: number;
  /** Video meetings, which connected people start from the lounge. */
  meetings?: LoungeRealtimeDeps['meetings'];
  /** The server's public address (PUBLIC_URL): a page from there may open a WebSocket, as may one from the Host reached. */
  publicUrl?: string | undefined;
}

/**
 * Socket.IO on the app's own HTTP server (same origin as the viewer, path /socket.io/), one room per tour.
 * WebSocket only: no long-polling means no sticky sessions behind a load balancer.
 */
export function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): SocialServer {
  const service = deps.service ?? new SocialService(new SocialRepository(deps.db));
  const trust = deps.trust ?? (() => false);
  const io: SocialServer = new Server(app.server, { path: SOCIAL_SOCKET_PATH, serveClient: false, transports: ['websocket'], maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, callback) => callback(null, originAllowed(req, deps.publicUrl)),
  });

  const keys = deps.redisKeys ?? redisKeys();
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
    // The adapter's key starts every channel it publishes and listens to: processes with another key (another
    // installation) never hear these rooms, nor answer their fetchSockets and serverSideEmit.
    io.adapter(createAdapter(pub, sub, { key: keys.socketIo }));
  }

  // The lounge's namespace, with a Redis connection of its own for presence (named apart from the adapter's).
  const loungeRedis = deps.redisUrl ? new Redis(deps.redisUrl, { maxRetriesPerRequest: 3, connectionName: `atrium-lounge-${process.pid}` }) : undefined;
  loungeRedis?.on('error', () => {});
  const lounge = attachLounge(io, { db: deps.db, redis: loungeRedis, presencePrefix: keys.lounge, resolveUser: deps.resolveUser, log: app.log, avatarLimit: deps.avatarLimit ?? DEFAULT_AVATAR_LIMIT, meetings: deps.meetings });

  io.use((socket, next) => {
    const auth = HandshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('Unsupported handshake'));
    visitorFromHandshake(auth.data, { address: clientAddressOf(socket.request, trust), userAgent: String(socket.request.headers['user-agent'] ?? '') }, deps.resolveUser).then(
      (visitor) => {
        socket.data.visitor = visitor;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  io.on('connection', (socket) => registerSocialHandlers(io, socket, service, app.log));
  if (deps.chat) attachChatGateway(io as unknown as Server, deps.chat, deps.resolveUser, app.log);

  // Open WebSockets would keep the HTTP server from closing: end them before Fastify closes it.
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    if (deps.chat) io.of('/chat').local.disconnectSockets(true);
    io.of(LOUNGE_NAMESPACE).local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    await lounge.close();
    await Promise.resolve(io.of('/').adapter.close()).catch(() => {});
    await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
  });
  return io;
}
