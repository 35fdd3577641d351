// How an answered call takes the visitor to the guide's meeting. Pure, so it is tested alone.
//
// On a flat screen the meeting link loads (the viewer starts again with ?meeting=, the meeting's own pre-join card
// asks for the name and shows the devices note). While a VR session presents, loading a page ends the session at
// the very moment visitor and guide are meant to meet inside the tour, so the meeting is handed to this page's
// meeting layer instead: it enters at once and opens the in-world meeting panel. Once the page is in that meeting
// (the call panel's "Show the meeting"), it is handed over too: the meeting layer only shows its panel again, where
// a load would take the visitor out of the meeting and back to its pre-join card.

export type AnsweredJoin =
  | { via: 'page-load'; path: string }
  | { via: 'in-page'; path: string; name: string | null };

/** `inMeeting`: this page is in the meeting `path` links to already. */
export function answeredJoin(path: string, callName: string, presenting: boolean, inMeeting = false): AnsweredJoin {
  if (!presenting && !inMeeting) return { via: 'page-load', path };
  const name = callName.trim();
  return { via: 'in-page', path, name: name || null };
}
