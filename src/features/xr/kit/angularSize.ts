// In-world text is sized by the angle it takes up at the eye, never in "pixels": a headset shows a fixed number of
// pixels per degree (Meta Quest 3: about 25 at the centre of the lens), so an angle is what decides legibility.
//
// Targets (font size = the em box, degrees):
// - body text 1.4 deg: about 35 headset pixels per em, x-height near 0.75 deg. Google's Daydream guidelines ask for
//   at least 24 dmm (24 mm at 1 m, 1.375 deg) for body text; Meta recommends roughly the same for comfortable
//   reading at arm's length. Smaller text forces the wearer to lean in.
// - small print (hints, captions) 1.15 deg, never below: about 29 pixels per em.
// - titles 1.9 deg, menu labels 1.2 deg under a 5 deg icon.
// - marker name labels in the panorama: 2.0 deg per em, so they read from across the room like a sign (the scene
//   owns that number: src/scene/markers/labelLayout.ts).

import { XR_LABEL_EM_DEG } from '../../../scene/index.ts';

const DEG = Math.PI / 180;

export const TEXT_DEG = { small: 1.15, body: 1.4, button: 1.45, title: 1.9, menuLabel: 1.2, markerLabel: XR_LABEL_EM_DEG } as const;

/** Size (in the same unit as `distance`) that spans `degrees` at the eye from `distance` away. */
export function sizeForAngle(degrees: number, distance: number): number {
  return 2 * distance * Math.tan((degrees * DEG) / 2);
}

/** Angle (degrees) that a thing `size` big spans from `distance` away. */
export function angleOfSize(size: number, distance: number): number {
  return (2 * Math.atan(size / 2 / distance)) / DEG;
}

/**
 * Font size in layout pixels for a uikit panel with pixelSize 0.001 (1 px = 1 mm) standing `distanceM` metres
 * from the eye, for text `degrees` tall (em box). Rounded to whole pixels.
 */
export function fontPx(degrees: number, distanceM: number): number {
  return Math.round(sizeForAngle(degrees, distanceM) * 1000);
}
