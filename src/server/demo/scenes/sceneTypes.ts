import type { z } from 'zod';
import type { TourMarkerDescriptionSchema } from '../../../protocol/tourDescription.ts';
import type { Shape } from '../raytrace/shapes.ts';
import type { Lamp, RoomFinish } from '../raytrace/world.ts';
import type { RoomId } from './housePlan.ts';

export type Point3 = readonly [number, number, number];

/** A marker placed on a world point; its ath/atv are computed from the panorama's camera. */
export type MarkerSpec = Omit<z.input<typeof TourMarkerDescriptionSchema>, 'ath' | 'atv'> & { readonly anchor: Point3 };

export interface PanoramaSpec {
  readonly id: string;
  readonly name: string;
  readonly nameMulti?: Record<string, string>;
  readonly category: string;
  /** The room the camera stands in; null in the garden. */
  readonly room: RoomId | null;
  readonly camera: Point3;
  readonly exposure: number;
  readonly initialView: { readonly ath: number; readonly atv: number; readonly fov: number };
  /** Everything but the teleports, which follow from the floor plan's doors. */
  readonly markers: readonly MarkerSpec[];
}

/** One room's look and contents, kept in scenes/<room>.ts. */
export interface RoomScene {
  readonly id: RoomId;
  readonly finish: RoomFinish;
  /** Bounce light strength: brighter for rooms with big windows. */
  readonly ambient: number;
  furnish(): { shapes: Shape[]; lamps: Lamp[] };
  readonly panorama: PanoramaSpec;
}
