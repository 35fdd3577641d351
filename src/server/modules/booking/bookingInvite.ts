import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface InviteEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  cancelled: boolean;
  /** Raised on every change (move, cancel) so calendar apps replace the event they hold. */
  sequence: number;
}

/**
 * The .ics of a booking, made by ical-generator (a maintained library: line folding, escaping and UTC stamps are
 * its job). METHOD:REQUEST invites; METHOD:CANCEL with the same UID removes the event from the attendee's calendar.
 */
export function bookingIcs(e: InviteEvent): string {
  const calendar = ical({
    prodId: { company: 'Atrium', product: 'booking-calendar', language: 'EN' },
    method: e.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: e.uid,
    start: e.start,
    end: e.end,
    summary: e.summary,
    description: e.description,
    url: e.url,
    organizer: e.organizer,
    attendees: [{ name: e.attendee.name, email: e.attendee.email, rsvp: false }],
    status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: e.sequence,
  });
  return calendar.toString();
}
