import type { Material, Rgb } from './material.ts';
import { ShapeGrid, type SunGrid } from './shapeGrid.ts';
import type { Shape } from './shapes.ts';

// The model every panorama is rendered from: one house of box-shaped rooms joined by openings,
// standing in an outdoor space. Walls have no thickness; a ray leaving a room through an opening
// simply carries on in the space on the other side, so doorways show the real next room.
// Axes follow three.js: x east, y up, z south (panorama longitude 0 looks north, -z).

/** How far furniture darkens its surroundings (metres). */
export const AO_REACH = 0.7;

export type OpeningKind = 'door' | 'window' | 'closedDoor';

export interface Opening {
  readonly kind: OpeningKind;
  /** 'z': the wall is the plane z = at (a north or south wall); 'x': the plane x = at. */
  readonly axis: 'x' | 'z';
  readonly at: number;
  /** Span along the wall (x for 'z' walls, z for 'x' walls) and height span. */
  readonly a0: number; readonly a1: number;
  readonly y0: number; readonly y1: number;
  /** Windows: number of panes side by side; frosted glass shows light but no view. */
  readonly panes: number;
  readonly frosted: boolean;
  /** The two spaces it joins: a room, or null for outdoors. */
  readonly sides: readonly [Room | null, Room | null];
  /** Stable small number for anti-aliasing ids. */
  readonly index: number;
}

export interface Lamp { readonly x: number; readonly y: number; readonly z: number; readonly colour: Rgb; readonly power: number }

export interface RoomFinish {
  readonly floor: Material;
  readonly wall: Material;
  readonly ceiling: Material;
  readonly baseboard: Material;
  /** Door and window frames. */
  readonly frame: Material;
  /** Closed doors. */
  readonly door: Material;
}

export class Room {
  readonly openings: Opening[] = [];
  shapes: readonly Shape[] = [];
  lamps: readonly Lamp[] = [];
  /** Lightmaps of the six room surfaces, made on first use (see lightmap.ts). */
  readonly lightmaps: unknown[] = [];
  /** Shapes near each floor cell, for ambient occlusion. */
  grid = new ShapeGrid([], AO_REACH);
  /** Bounce light, scaled by the room's windows. */
  ambient = 0.35;
  constructor(
    readonly id: string,
    readonly index: number,
    readonly x0: number, readonly z0: number, readonly x1: number, readonly z1: number,
    readonly height: number,
    readonly finish: RoomFinish,
  ) {}

  furnish(shapes: readonly Shape[], lamps: readonly Lamp[]): void {
    this.shapes = shapes;
    this.lamps = lamps;
    this.grid = new ShapeGrid(shapes, AO_REACH);
  }
}

export interface World {
  readonly rooms: readonly Room[];
  readonly outdoorShapes: readonly Shape[];
  readonly outdoorGrid: ShapeGrid;
  readonly sunGrid: SunGrid;
  /** The house's outside box, also present in outdoorShapes; hits on it consult the openings. */
  readonly houseShape: Shape;
  readonly openings: readonly Opening[];
  /** Where lawn ends and the harbour water begins (z). */
  readonly shoreZ: number;
  /** Ground colour outdoors (lawn, paving, paths) at a point. */
  groundAlbedo(x: number, z: number, distance: number, out: Float64Array): void;
}

/** Gives every shape a unique id (used to find silhouettes for anti-aliasing). */
export function numberShapes(world: World): void {
  let id = 10;
  for (const s of world.outdoorShapes) s.id = id++;
  for (const room of world.rooms) for (const s of room.shapes) s.id = id++;
}

/** The opening in a wall plane that contains the point (a along the wall, y), or null. */
export function openingAt(openings: readonly Opening[], axis: 'x' | 'z', at: number, a: number, y: number, margin: number): Opening | null {
  for (let i = 0; i < openings.length; i++) {
    const o = openings[i]!;
    if (o.axis !== axis || Math.abs(o.at - at) > 1e-3) continue;
    if (a >= o.a0 - margin && a <= o.a1 + margin && y >= o.y0 - margin && y <= o.y1 + margin) return o;
  }
  return null;
}
