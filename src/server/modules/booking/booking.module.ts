import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { GuidesRepository } from '../guides/guides.repository.ts';
import type { MeetingsService } from '../meetings/meetings.service.ts';
import { BookingRepository } from './booking.repository.ts';
import { bookingRoutes, type CallbacksOf } from './booking.routes.ts';
import { BookingService } from './booking.service.ts';

export interface BookingDeps {
  db: Db;
  repos: Repositories;
  guides: GuidesRepository;
  meetings: MeetingsService | null;
  mailer: Mailer;
  publicUrl: string;
  callbacksOf: CallbacksOf | null;
  now?: (() => Date) | undefined;
}

/** Wires the booking calendar and registers its routes. */
export async function registerBooking(app: FastifyInstance, deps: BookingDeps): Promise<BookingService> {
  const service = new BookingService(deps.repos, deps.guides, new BookingRepository(deps.db), deps.meetings, {
    publicUrl: deps.publicUrl, mailer: deps.mailer, now: deps.now,
    onMailError: (error) => app.log.error({ err: error }, 'booking: a confirmation email could not be sent'),
  });
  await app.register(bookingRoutes(service, deps.repos, deps.callbacksOf));
  return service;
}
