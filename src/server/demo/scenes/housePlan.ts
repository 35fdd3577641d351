import type { OpeningKind } from '../raytrace/world.ts';

// The floor plan of Harbour House, in metres. x runs east, z runs south (three.js axes, so
// panorama longitude 0 looks north). The house faces south over its garden to the harbour.
//
//   z=0  +-----------+---------+----------+---------+
//        |  Bedroom  |  Study  | Bathroom | Utility |
//   z=4  +--d--------+----d----+---d------+----D----+
//        |        Living       |     Kitchen and    |
//        |         room        d       dining       |
//   z=9  +----[====]---d-------+-----[=====]--------+
//       x=0                  x=7.5                 x=14
//                    garden, then the harbour (z > 24)

export const CEILING = 2.7;
export const HOUSE = { x0: 0, z0: 0, x1: 14, z1: 9, height: 3.05 } as const;
export const SHORE_Z = 25;
export const EYE_HEIGHT = 1.55;

export type RoomId = 'living' | 'kitchen' | 'bedroom' | 'study' | 'bathroom';

export const ROOMS: Record<RoomId, { readonly x0: number; readonly z0: number; readonly x1: number; readonly z1: number }> = {
  bedroom: { x0: 0, z0: 0, x1: 5, z1: 4 },
  study: { x0: 5, z0: 0, x1: 8.5, z1: 4 },
  bathroom: { x0: 8.5, z0: 0, x1: 11.5, z1: 4 },
  living: { x0: 0, z0: 4, x1: 7.5, z1: 9 },
  kitchen: { x0: 7.5, z0: 4, x1: 14, z1: 9 },
};

/** Shown on the floor plan only: no panorama is taken there. */
export const UTILITY = { x0: 11.5, z0: 0, x1: 14, z1: 4 } as const;

export interface OpeningSpec {
  readonly kind: OpeningKind;
  readonly axis: 'x' | 'z';
  readonly at: number;
  readonly a0: number; readonly a1: number;
  readonly y0: number; readonly y1: number;
  readonly panes?: number;
  readonly frosted?: boolean;
  /** null is outdoors (or, for the closed utility door, a room without a panorama). */
  readonly sides: readonly [RoomId | null, RoomId | null];
}

export const OPENINGS: readonly OpeningSpec[] = [
  // Doors and passages.
  { kind: 'door', axis: 'z', at: 9, a0: 5.6, a1: 6.6, y0: 0, y1: 2.15, sides: ['living', null] },
  { kind: 'door', axis: 'x', at: 7.5, a0: 5.3, a1: 7.5, y0: 0, y1: 2.3, sides: ['living', 'kitchen'] },
  { kind: 'door', axis: 'z', at: 4, a0: 1.0, a1: 1.9, y0: 0, y1: 2.1, sides: ['living', 'bedroom'] },
  { kind: 'door', axis: 'z', at: 4, a0: 5.8, a1: 6.7, y0: 0, y1: 2.1, sides: ['living', 'study'] },
  { kind: 'door', axis: 'z', at: 4, a0: 9.0, a1: 9.9, y0: 0, y1: 2.1, sides: ['kitchen', 'bathroom'] },
  { kind: 'closedDoor', axis: 'z', at: 4, a0: 12.3, a1: 13.2, y0: 0, y1: 2.1, sides: ['kitchen', null] },
  // Windows.
  { kind: 'window', axis: 'z', at: 9, a0: 0.9, a1: 4.7, y0: 0.3, y1: 2.35, panes: 3, sides: ['living', null] },
  { kind: 'window', axis: 'x', at: 0, a0: 5.6, a1: 7.6, y0: 0.9, y1: 2.3, panes: 2, sides: ['living', null] },
  { kind: 'window', axis: 'z', at: 9, a0: 8.4, a1: 12.6, y0: 0.3, y1: 2.35, panes: 3, sides: ['kitchen', null] },
  { kind: 'window', axis: 'x', at: 14, a0: 5.75, a1: 7.35, y0: 1.08, y1: 2.25, panes: 2, sides: ['kitchen', null] },
  { kind: 'window', axis: 'z', at: 0, a0: 1.5, a1: 3.5, y0: 0.8, y1: 2.3, panes: 2, sides: ['bedroom', null] },
  { kind: 'window', axis: 'z', at: 0, a0: 5.8, a1: 7.7, y0: 0.9, y1: 2.3, panes: 2, sides: ['study', null] },
  { kind: 'window', axis: 'z', at: 0, a0: 9.4, a1: 10.8, y0: 1.5, y1: 2.3, panes: 2, frosted: true, sides: ['bathroom', null] },
];

/** Centre of the doorway joining two spaces (null = outdoors), or undefined. */
export function doorwayBetween(a: RoomId | null, b: RoomId | null): OpeningSpec | undefined {
  return OPENINGS.find((o) => o.kind === 'door' && ((o.sides[0] === a && o.sides[1] === b) || (o.sides[0] === b && o.sides[1] === a)));
}
