// Another feature hands a meeting to this page's MeetingLayer: the tour ring's answered call while a VR session
// presents, when loading the meeting link would end the session. MeetingLayer switches to it without a load,
// enters at once (no pre-join card: the wearer cannot see the page) and, in VR, opens the in-world panel.
// MeetingLayer also says here which meeting the page is in, so the call panel can tell the visitor the truth once
// the call has become that meeting (and go back to its idle state when the meeting is over).
// UI-free and tiny on purpose (no zod, no React, no other meeting module): the tour ring's chunk imports it
// without pulling in the meeting code.
import { proxy } from '../../state/store.ts';

export interface MeetingHandoff {
  /** The meeting's viewer path, as the server gave it (`/{tourId}?meeting=ID`). */
  path: string;
  /** The name the visitor gave where the meeting came from (the call dialog), else null. */
  name: string | null;
}

export const meetingHandoff = proxy({
  /** The request MeetingLayer has yet to take (null: none). A new object each time, so the same path asks again. */
  request: null as MeetingHandoff | null,
  /** The meeting this page is in (waiting, joined or reconnecting), else null. Written by MeetingLayer only. */
  current: null as string | null,
});

export function handMeetingOver(request: MeetingHandoff): void {
  meetingHandoff.request = { ...request };
}

/** MeetingLayer takes the request once: the next render finds none. */
export function takeMeetingHandoff(): MeetingHandoff | null {
  const request = meetingHandoff.request;
  meetingHandoff.request = null;
  return request ? { ...request } : null;
}

/** The meeting a viewer path links to (`?meeting=ID`), else null. */
export function meetingIdOf(path: string): string | null {
  return new URL(path, 'http://atrium.invalid').searchParams.get('meeting') || null;
}
