import { textured } from '../raytrace/material.ts';
import { facade } from '../raytrace/outdoorTextures.ts';
import { box } from '../raytrace/shapes.ts';
import { SUN_X, SUN_Y, SUN_Z } from '../raytrace/environment.ts';
import { ShapeGrid, SunGrid } from '../raytrace/shapeGrid.ts';
import { AO_REACH, type Opening, Room, type World, numberShapes } from '../raytrace/world.ts';
import { bathroom } from './bathroom.ts';
import { bedroom } from './bedroom.ts';
import { gardenGround, gardenPanorama, gardenShapes } from './garden.ts';
import { CEILING, HOUSE, OPENINGS, ROOMS, type RoomId, SHORE_Z } from './housePlan.ts';
import { kitchen } from './kitchen.ts';
import { livingRoom } from './livingRoom.ts';
import { OUTDOOR_FRAME } from './palette.ts';
import type { PanoramaSpec, RoomScene } from './sceneTypes.ts';
import { study } from './study.ts';

// Assembles the whole place once: every room with its furniture, the openings that join them,
// and the garden. Each panorama is then just a camera somewhere in this one world.

export const ROOM_SCENES: readonly RoomScene[] = [livingRoom, kitchen, bedroom, study, bathroom];

/** Panoramas in tour order: the garden first (the arrival), then the rooms. */
export const PANORAMAS: readonly PanoramaSpec[] = [gardenPanorama, ...ROOM_SCENES.map((s) => s.panorama)];

export interface HarbourHouse {
  readonly world: World;
  readonly rooms: ReadonlyMap<RoomId, Room>;
}

const FACADE = textured((h, out) => facade(h.x, h.y, h.z, h.face, 4.9, 7.3, out));

export function buildHarbourHouse(): HarbourHouse {
  const rooms = new Map<RoomId, Room>();
  ROOM_SCENES.forEach((scene, index) => {
    const b = ROOMS[scene.id];
    const room = new Room(scene.id, index, b.x0, b.z0, b.x1, b.z1, CEILING, scene.finish);
    const { shapes, lamps } = scene.furnish();
    room.furnish(shapes, lamps);
    room.ambient = scene.ambient;
    rooms.set(scene.id, room);
  });
  const side = (id: RoomId | null) => (id === null ? null : rooms.get(id)!);
  const openings: Opening[] = OPENINGS.map((o, index) => ({
    kind: o.kind, axis: o.axis, at: o.at, a0: o.a0, a1: o.a1, y0: o.y0, y1: o.y1,
    panes: o.panes ?? 1, frosted: o.frosted ?? false,
    sides: [side(o.sides[0]), side(o.sides[1])] as const,
    index,
  }));
  for (const o of openings) for (const r of o.sides) r?.openings.push(o);
  const houseShape = box(HOUSE.x0, 0, HOUSE.z0, HOUSE.x1, HOUSE.height, HOUSE.z1, FACADE);
  const outdoorShapes = [houseShape, ...gardenShapes()];
  const world: World = {
    rooms: [...rooms.values()],
    outdoorShapes,
    outdoorGrid: new ShapeGrid(outdoorShapes, AO_REACH, 1),
    sunGrid: new SunGrid(outdoorShapes, SUN_X, SUN_Y, SUN_Z),
    houseShape,
    openings,
    shoreZ: SHORE_Z,
    groundAlbedo: gardenGround,
  };
  numberShapes(world);
  return { world, rooms };
}

export { OUTDOOR_FRAME };
