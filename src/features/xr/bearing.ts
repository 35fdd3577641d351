// Where someone else looks, told to a wearer: the headset never turns a wearer's head for them (forced rotation makes
// people sick), so a guide's or a meeting host's direction is an arrow and a sentence relative to the wearer's own.
import { normalizeAngle } from '../../scene/index.ts';

export interface BearingTexts {
  /** They look this many degrees to the wearer's left (already translated). */
  left: (degrees: number) => string;
  right: (degrees: number) => string;
  ahead: string;
}

/** Within this many degrees the wearer already looks where they look. */
export const AHEAD_DEGREES = 15;

/** yaw grows to the right (the camera's convention). */
export function bearingSentence(theirYaw: number, headYaw: number, texts: BearingTexts): string {
  const delta = normalizeAngle(theirYaw - headYaw);
  if (Math.abs(delta) <= AHEAD_DEGREES) return `↑ ${texts.ahead}`;
  const degrees = Math.round(Math.abs(delta));
  return delta < 0 ? `← ${texts.left(degrees)}` : `→ ${texts.right(degrees)}`;
}
