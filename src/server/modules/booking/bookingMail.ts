import type { MailMessage } from '../../mail/mailer.ts';
import type { BookingRow } from './booking.repository.ts';
import { bookingIcs } from './bookingInvite.ts';
import { bookingWords, formatWhen, languageName } from './bookingWords.ts';

export type BookingMailKind = 'confirmed' | 'moved' | 'cancelled';

export interface BookingMailParty {
  role: 'visitor' | 'guide';
  email: string;
  /** The language the mail is written in, and the zone its times are shown in. */
  lang: string;
  timeZone: string;
  /** This party's own manage link (cancel, move, join at the time). */
  manageUrl: string;
}

/**
 * One party's mail about a booking: the text in their language and zone, and the .ics invitation (or its
 * cancellation) for their calendar. The visitor is the organiser of the event, the guide its attendee: both get the
 * same UID, so either calendar updates the one event on a move or a cancellation.
 */
export function bookingMail(kind: BookingMailKind, row: BookingRow, tourName: string, guideEmail: string, to: BookingMailParty, sequence: number): MailMessage {
  const t = bookingWords(to.lang);
  const start = new Date(row.startsAt);
  const when = formatWhen(start, to.lang, to.timeZone);
  const lines = [
    t(to.role === 'visitor' ? 'mail.confirmed-visitor' : 'mail.confirmed-guide', { name: row.name, guide: row.guideName, tour: tourName }),
    ...(kind === 'confirmed' ? [] : [t(`mail.${kind}`)]),
    '',
    t('mail.when', { when }),
    t('mail.language', { language: languageName(row.language, to.lang) }),
    t('mail.visitor', { name: row.name, email: row.email, phone: row.phone }).trim(),
    ...(row.note ? [t('mail.note', { note: row.note })] : []),
  ];
  if (kind !== 'cancelled') lines.push('', t('mail.manage'), to.manageUrl);
  const summary = t('mail.ics-summary', { tour: tourName, guide: row.guideName });
  const ics = bookingIcs({
    uid: `booking-${row.id}@atrium`,
    start,
    end: new Date(row.endsAt),
    summary,
    description: `${t('mail.manage')} ${to.manageUrl}`,
    url: to.manageUrl,
    organizer: { name: row.name, email: row.email },
    attendee: { name: row.guideName, email: guideEmail },
    cancelled: kind === 'cancelled',
    sequence,
  });
  return {
    to: to.email,
    subject: t(`mail.${kind}-subject`, { tour: tourName, when }),
    text: `${lines.join('\n')}\n`,
    icalEvent: { method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST', filename: 'booking.ics', content: ics },
  };
}
