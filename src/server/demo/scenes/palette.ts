import { type Material, type Rgb, put, putMix, solid, srgb, textured } from '../raytrace/material.ts';
import { noise2, smoothstep } from '../raytrace/noise.ts';
import { type Hit, faceEdgeDistance } from '../raytrace/shapes.ts';
import { foliage } from '../raytrace/outdoorTextures.ts';
import { fabric, marble, plaster, tiles, woodGrain, woodPlanks } from '../raytrace/textures.ts';
import type { RoomFinish } from '../raytrace/world.ts';

// Materials shared by the rooms of Harbour House: a calm Scandinavian palette of oak, off-white,
// sage, slate blue and brass.

export const C = {
  warmWhite: srgb('#ebe6dc'),
  ceiling: srgb('#f3f1ec'),
  trim: srgb('#f1efe9'),
  oakLight: srgb('#c4a27c'),
  oakDark: srgb('#80593a'),
  walnutLight: srgb('#7a5236'),
  walnutDark: srgb('#3e2516'),
  slate: srgb('#56646d'),
  sage: srgb('#8d9b85'),
  mustard: srgb('#c7952d'),
  terracotta: srgb('#b15a3b'),
  linen: srgb('#e6e0d4'),
  charcoal: srgb('#222326'),
  brass: srgb('#b38b52'),
  ceramic: srgb('#f4f3ef'),
  navy: srgb('#2c3a4f'),
  stone: srgb('#d9d4ca'),
  leaf: srgb('#3f6b2c'),
} as const;

function finishWith(parts: Partial<RoomFinish>): RoomFinish {
  return {
    floor: parts.floor ?? OAK_FLOOR,
    wall: parts.wall ?? WHITE_WALL,
    ceiling: parts.ceiling ?? CEILING,
    baseboard: parts.baseboard ?? BASEBOARD,
    frame: parts.frame ?? FRAME,
    door: parts.door ?? DOOR_LEAF,
  };
}

export const OAK_FLOOR = textured((h, out) => woodPlanks(h.x, h.z, h.t, C.oakLight, C.oakDark, 0.19, out), { gloss: 0.15 });
export const WHITE_WALL = textured((h, out) => plaster(h.u, h.v, C.warmWhite, out));
export const CEILING = textured((h, out) => plaster(h.x, h.z, C.ceiling, out));
export const BASEBOARD = textured((h, out) => put(out, C.trim, h.v > 0.09 ? 0.7 : 1));
export const FRAME = solid(C.trim, { gloss: 0.1 });
export const DOOR_LEAF = textured((h, out) => doorPanel(h, out), { gloss: 0.1 });
export const OUTDOOR_FRAME = solid(srgb('#2d3034'), { gloss: 0.3 });

/** A wall painted in `feature` on one side of the room (0 west, 1 east, 4 north, 5 south), off-white elsewhere. */
export function featureWall(face: number, feature: Rgb): Material {
  return textured((h, out) => plaster(h.u, h.v, h.shape === null && h.face === face ? feature : C.warmWhite, out));
}

export function finish(parts: Partial<RoomFinish> = {}): RoomFinish {
  return finishWith(parts);
}

/** Flush white door with a brass lever; u runs from the hinge side. */
function doorPanel(h: Hit, out: Float64Array): void {
  const inLever = Math.abs(h.v - 1.02) < 0.02 && h.u > 0.7 && h.u < 0.84;
  if (inLever) { put(out, C.brass, 1); return; }
  const groove = Math.abs(h.v - 2.0) < 0.004 || Math.abs(h.u - 0.45) < 0.003;
  put(out, C.trim, groove ? 0.7 : 0.98);
}

/** Upholstery: woven texture, darkening towards the box edges so cushions read as rounded. */
function upholstery(colour: Rgb): Material {
  return textured((h, out) => {
    fabric(h.u, h.v, h.t, colour, out);
    const k = 0.7 + 0.3 * smoothstep(0, 0.04, faceEdgeDistance(h));
    out[0] = out[0]! * k; out[1] = out[1]! * k; out[2] = out[2]! * k;
  });
}

export const FABRIC_SLATE = upholstery(C.slate);
export const FABRIC_LINEN = upholstery(C.linen);
export const FABRIC_MUSTARD = upholstery(C.mustard);
export const FABRIC_TERRACOTTA = upholstery(C.terracotta);
export const FABRIC_SAGE = upholstery(C.sage);
export const WALNUT = textured((h, out) => woodGrain(h.u, h.v, C.walnutLight, C.walnutDark, out), { gloss: 0.25 });
export const OAK = textured((h, out) => woodGrain(h.u, h.v, C.oakLight, C.oakDark, out), { gloss: 0.2 });
export const BLACK_METAL = solid(C.charcoal, { gloss: 0.12 });
export const BRASS = solid(C.brass, { gloss: 0.8 });
export const CHROME = solid(srgb('#c9ccd0'), { gloss: 1 });
export const CERAMIC = solid(C.ceramic, { gloss: 0.7 });
const MARBLE_BASE = srgb('#e8e5df');
const MARBLE_VEIN = srgb('#b3ada4');
export const MARBLE = textured((h, out) => marble(h.u, h.v, MARBLE_BASE, MARBLE_VEIN, out), { gloss: 0.6 });
export const MIRROR = solid([0.85, 0.87, 0.88], { mirror: 0.9 });
export const SHADE_LIGHT = solid(srgb('#fff0d2'), { emission: 1.6 });
export const BULB = solid(srgb('#fff4df'), { emission: 6 });
const POT = [srgb('#a5573a'), srgb('#7e3f29')] as const;
export const TERRACOTTA_POT = textured((h, out) => putMix(out, POT[0], POT[1], noise2(h.u * 8, h.v * 8)));
export const LEAVES = textured((h, out) => foliage(h.x * 3, h.y * 3, h.z * 3, C.leaf, out), { bump: 1.2 });
const SNAKE = [srgb('#1f3b1c'), srgb('#4d7a3a'), srgb('#c9c27a')] as const;
/** Snake-plant leaves: banded green with a pale margin (u across the leaf, v up). */
export const SNAKE_LEAF = textured((h, out) => {
  if (h.face !== 4 && h.face !== 5) { put(out, SNAKE[2], 0.8); return; }
  const s = h.shape!; const w = s.x1 - s.x0;
  if (h.u < 0.006 || h.u > w - 0.006) { put(out, SNAKE[2], 1); return; }
  putMix(out, SNAKE[0], SNAKE[1], 0.5 + 0.5 * Math.sin(h.v * 60 + noise2(h.u * 40, h.v * 8) * 4));
});
const GREY_TILE = [srgb('#a7a39b'), srgb('#6f6b64')] as const;
const SLATE_TILE = [srgb('#5b5f63'), srgb('#3a3c3f')] as const;
export const GREY_FLOOR_TILES = textured((h, out) => tiles(h.x, h.z, h.t, 0.6, GREY_TILE[0], GREY_TILE[1], 0.12, out), { gloss: 0.2 });
export const SLATE_FLOOR_TILES = textured((h, out) => tiles(h.x + 0.02, h.z + 0.1, h.t, 0.3, SLATE_TILE[0], SLATE_TILE[1], 0.15, out), { gloss: 0.2 });
