// Another feature hands a meeting to this page's MeetingLayer: the tour ring's answered call while a VR session
// presents, when loading the meeting link would end the session. MeetingLayer switches to it without a load,
// enters at once (no pre-join card: the wearer cannot see the page) and, in VR, opens the in-world panel.
// UI-free and tiny on purpose (no zod, no React, no other meeting module): the tour ring's chunk imports it
// without pulling in the meeting code.
import { proxy } from '../../state/store.ts';

export interface MeetingHandoff {
  /** The meeting's viewer path, as the server gave it (`/{tourId}?meeting=ID`). */
  path: string;
  /** The name the visitor gave where the meeting came from (the call dialog), else null. */
  name: string | null;
}

/** The request MeetingLayer has yet to take (null: none). A new object each time, so the same path asks again. */
export const meetingHandoff = proxy({ request: null as MeetingHandoff | null });

export function handMeetingOver(request: MeetingHandoff): void {
  meetingHandoff.request = { ...request };
}

/** MeetingLayer takes the request once: the next render finds none. */
export function takeMeetingHandoff(): MeetingHandoff | null {
  const request = meetingHandoff.request;
  meetingHandoff.request = null;
  return request ? { ...request } : null;
}
