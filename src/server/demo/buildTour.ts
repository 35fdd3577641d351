import type { z } from 'zod';
import type { TourDescriptionSchema, TourMarkerDescriptionSchema } from '../../protocol/tourDescription.ts';
import { planPosition } from './assets/floorplan.ts';
import { MEDIA, panoramaFile } from './demoMedia.ts';
import { PANORAMAS } from './scenes/harbourHouse.ts';
import { type OpeningSpec, doorwayBetween } from './scenes/housePlan.ts';
import type { PanoramaSpec, Point3 } from './scenes/sceneTypes.ts';
import { multi } from './scenes/texts.ts';

// tour.json for the demo: panoramas, their markers placed on world points, and teleports in
// both directions through every doorway that joins two photographed spaces.

type TourInput = z.input<typeof TourDescriptionSchema>;
type MarkerInput = z.input<typeof TourMarkerDescriptionSchema>;

/**
 * Viewer angles of a world point seen from a camera: ath = longitude (0 looks north, -z; positive
 * turns right, towards +x), atv = minus latitude (positive looks down), both in degrees.
 */
export function athAtv(camera: Point3, point: Point3): { ath: number; atv: number } {
  const dx = point[0] - camera[0]; const dy = point[1] - camera[1]; const dz = point[2] - camera[2];
  const ath = (Math.atan2(dx, -dz) * 180) / Math.PI;
  const atv = (-Math.atan2(dy, Math.hypot(dx, dz)) * 180) / Math.PI;
  return { ath: round2(ath), atv: round2(atv) };
}

/** Where a teleport sits: in the doorway, a little inside this space, low down (on the threshold). */
export function doorwayAnchor(door: OpeningSpec, camera: Point3): Point3 {
  const centre = (door.a0 + door.a1) / 2;
  const towardsCamera = (door.axis === 'z' ? camera[2] : camera[0]) > door.at ? 1 : -1;
  const across = door.at + towardsCamera * 0.2;
  return door.axis === 'z' ? [centre, 0.45, across] : [across, 0.45, centre];
}

/** Arrow icon by where the door lies relative to the opening view (there is no "back" arrow). */
export function arrowFor(ath: number, initialAth: number): string {
  const d = ((ath - initialAth + 540) % 360) - 180;
  const a = Math.abs(d);
  if (a <= 30) return 'frontArrow';
  if (a <= 75) return d > 0 ? 'rightFrontArrow' : 'leftFrontArrow';
  return d > 0 ? 'rightArrow' : 'leftArrow';
}

function teleports(spec: PanoramaSpec): MarkerInput[] {
  const out: MarkerInput[] = [];
  for (const other of PANORAMAS) {
    if (other === spec) continue;
    const door = doorwayBetween(spec.room, other.room);
    if (!door) continue;
    const { ath, atv } = athAtv(spec.camera, doorwayAnchor(door, spec.camera));
    out.push({
      type: 'point', ath, atv, target: other.id, iconType: arrowFor(ath, spec.initialView.ath),
      name: other.name, ...(other.nameMulti ? { nameMulti: other.nameMulti } : {}),
    });
  }
  return out;
}

function panorama(spec: PanoramaSpec): TourInput['panoramas'][number] {
  const markers: MarkerInput[] = spec.markers.map(({ anchor, ...rest }) => ({ ...rest, ...athAtv(spec.camera, anchor) }));
  return {
    id: spec.id,
    file: panoramaFile(spec.id),
    name: spec.name,
    category: spec.category,
    initialView: spec.initialView,
    floorplanPosition: planPosition(spec.camera[0], spec.camera[2]),
    markers: [...teleports(spec), ...markers],
  };
}

export function buildTourDescription(): TourInput {
  return {
    name: 'Harbour House',
    description: 'A light-filled single-storey home with a garden running down to the harbour. '
      + 'Walk from the garden through the living room and the open kitchen to the bedroom, the study and the bathroom.',
    nameMulti: multi('Harbour House', 'Maison du Port', 'ハーバーハウス', 'بيت الميناء', 'Haus am Hafen'),
    descriptionMulti: multi(
      'A light-filled single-storey home with a garden running down to the harbour.',
      'Une maison de plain-pied baignée de lumière, avec un jardin qui descend jusqu\'au port.',
      '港へと続く庭のある、光あふれる平屋の住まい。',
      'منزل من طابق واحد مليء بالضوء مع حديقة تمتد حتى الميناء.',
      'Ein lichtdurchflutetes eingeschossiges Haus mit Garten bis hinunter zum Hafen.',
    ),
    themeColor: 'default',
    floorplan: MEDIA.floorplan,
    geo: { latitude: 51.7046, longitude: -8.5186 },
    credits: 'Demo tour rendered procedurally by Atrium: every panorama, picture, brochure and sound is generated, no photographs are used.',
    panoramas: PANORAMAS.map(panorama),
  };
}

function round2(v: number): number {
  // `|| 0` turns -0 into 0 so the JSON and comparisons stay tidy.
  return Math.round(v * 100) / 100 || 0;
}
