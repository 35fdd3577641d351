// The first usable name among candidates: joinName.ts picks the name a meeting is entered with through it, on the
// pre-join card and where there is no card to ask for one (an answered call in VR: the wearer cannot see the page).
// Pure, so it is tested alone.
import { PARTICIPANT_NAME_MAX, participantNameProblem } from '../../protocol/meeting.ts';

/**
 * The first usable candidate, in the caller's order of preference, else `fallback` (the catalog's name for an
 * unnamed guest). A name longer than a participant's may be is cut to the limit (the call dialog allows more).
 */
export function handoffName(candidates: readonly (string | null | undefined)[], fallback: string): string {
  for (const candidate of candidates) {
    const name = [...(candidate ?? '').trim()].slice(0, PARTICIPANT_NAME_MAX).join('').trim();
    if (name && !participantNameProblem(name)) return name;
  }
  return fallback;
}
