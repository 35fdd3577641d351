import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { MEETING_HOST_ABSENCE_MS, MEETING_RECONNECT_MS } from '../../../protocol/constants.ts';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { MeetingMedia } from '../../janus/janusMedia.ts';
import { attachMeetingGateway, meetingNotifier } from '../../realtime/meetingGateway.ts';
import { MeetingPresence } from './meetingPresence.ts';
import { MeetingsRepository } from './meetings.repository.ts';
import { meetingsRoutes } from './meetings.routes.ts';
import { MeetingsService } from './meetings.service.ts';

export interface MeetingsModule {
  /** Other modules create meetings through it: `createNow({ buildingId, hostUserId, invitees })`. */
  service: MeetingsService;
  presence: MeetingPresence;
  /** Puts the /meeting namespace on the app's Socket.IO server. */
  attachGateway(io: Server): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    meetings: MeetingsModule;
  }
}

export interface MeetingsOptions {
  db: Db;
  repos: Repositories;
  /** Null: meetings are off (no Janus); the routes answer MEETINGS_OFF and the viewer hides its controls. */
  media: MeetingMedia | null;
  publicUrl: string;
  hostAbsenceMs?: number;
  reconnectMs?: number;
  now?: () => number;
}

/** Routes, services, the gateway and the sweeper that ends meetings whose host stayed away. */
export async function registerMeetings(app: FastifyInstance, opts: MeetingsOptions): Promise<MeetingsModule> {
  const hostAbsenceMs = opts.hostAbsenceMs ?? MEETING_HOST_ABSENCE_MS;
  const reconnectMs = opts.reconnectMs ?? MEETING_RECONNECT_MS;
  const repo = new MeetingsRepository(opts.db);
  const service = new MeetingsService(repo, opts.repos, opts.media, { publicUrl: opts.publicUrl, hostAbsenceMs, reconnectMs, now: opts.now });
  let namespace: ReturnType<typeof attachMeetingGateway> | null = null;
  const presence = new MeetingPresence(repo, service, opts.media, meetingNotifier(() => namespace));
  await app.register(meetingsRoutes(service, presence, opts.repos));

  const timers = new Set<NodeJS.Timeout>();
  const sweep = () => void presence.sweep().catch((error: unknown) => app.log.error({ err: error }, 'meetings: sweep failed'));
  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      sweep();
    }, ms + 100);
    timer.unref();
    timers.add(timer);
  };
  // A safety net for deadlines another process (or one that stopped) knew about; the exact ones are scheduled on away.
  const interval = opts.media ? setInterval(sweep, Math.min(30_000, Math.max(1000, Math.min(hostAbsenceMs, reconnectMs) / 4))) : null;
  interval?.unref();
  app.addHook('onClose', async () => {
    if (interval) clearInterval(interval);
    for (const timer of timers) clearTimeout(timer);
  });

  const module: MeetingsModule = {
    service,
    presence,
    attachGateway(io) {
      namespace = attachMeetingGateway(io, {
        meetings: service,
        presence,
        log: app.log,
        onAway: () => {
          later(hostAbsenceMs);
          later(reconnectMs);
        },
      });
    },
  };
  app.decorate('meetings', module);
  return module;
}
