// The VR guide arrow: the route never turns a wearer's head, so where the guide looked is told instead, as an arrow
// and a sentence relative to where the wearer looks now.
import { wrapDegrees } from './angles.ts';

export interface GuideTexts {
  /** The guide looks this many degrees to the left (already translated). */
  left: (degrees: number) => string;
  right: (degrees: number) => string;
  ahead: string;
}

/** Within this many degrees the wearer already looks where the guide looks. */
export const AHEAD_DEGREES = 15;

/** yaw grows to the right (the route's and the camera's convention). */
export function guideBearing(guideYaw: number, headYaw: number, texts: GuideTexts): string {
  const delta = wrapDegrees(guideYaw - headYaw);
  if (Math.abs(delta) <= AHEAD_DEGREES) return `↑ ${texts.ahead}`;
  const degrees = Math.round(Math.abs(delta));
  return delta < 0 ? `← ${texts.left(degrees)}` : `→ ${texts.right(degrees)}`;
}
