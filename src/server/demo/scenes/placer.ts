import type { Material } from '../raytrace/material.ts';
import { type Shape, box, cylinder, sphere, yawBox } from '../raytrace/shapes.ts';

/** Which way a piece of furniture faces (where you stand to use it). */
export type Facing = 'south' | 'east' | 'north' | 'west';

const YAW: Record<Facing, number> = { south: 0, east: -90, north: 180, west: 90 };

/** A factory of Placers that all add to one list. */
export function placerFor(shapes: Shape[]): (x: number, z: number, facing?: Facing | number) => Placer {
  return (x, z, facing = 'south') => new Placer(shapes, x, z, facing);
}

/**
 * Builds furniture in its own frame: x across the front (left to right as you face it), y up,
 * z towards the user (+z is the front, face 5 of every box). The frame's origin is placed at
 * (x, z) in the world and turned to `facing`, so one sofa recipe fits any wall.
 */
export class Placer {
  private readonly c: number;
  private readonly s: number;
  private readonly yaw: number;

  /** Shapes are appended to `shapes` as they are made. */
  constructor(readonly shapes: Shape[], private readonly x: number, private readonly z: number, facing: Facing | number = 'south') {
    this.yaw = typeof facing === 'number' ? facing : YAW[facing];
    const a = (this.yaw * Math.PI) / 180;
    this.c = Math.round(Math.cos(a) * 1e9) / 1e9;
    this.s = Math.round(Math.sin(a) * 1e9) / 1e9;
  }

  /** World position of a local point (x, z). */
  world(lx: number, lz: number): [number, number] {
    return [this.x + this.c * lx - this.s * lz, this.z + this.s * lx + this.c * lz];
  }

  box(lx0: number, y0: number, lz0: number, lx1: number, y1: number, lz1: number, m: Material): Shape {
    const [cx, cz] = this.world((lx0 + lx1) / 2, (lz0 + lz1) / 2);
    const sx = Math.abs(lx1 - lx0); const sy = Math.abs(y1 - y0); const sz = Math.abs(lz1 - lz0);
    const shape = this.yaw % 360 === 0
      ? box(cx - sx / 2, Math.min(y0, y1), cz - sz / 2, cx + sx / 2, Math.max(y0, y1), cz + sz / 2, m)
      : yawBox(cx, Math.min(y0, y1), cz, sx, sy, sz, this.yaw, m);
    this.shapes.push(shape);
    return shape;
  }

  cylinder(lx: number, lz: number, r: number, y0: number, y1: number, m: Material): Shape {
    const [cx, cz] = this.world(lx, lz);
    const shape = cylinder(cx, cz, r, y0, y1, m);
    this.shapes.push(shape);
    return shape;
  }

  sphere(lx: number, y: number, lz: number, r: number, m: Material): Shape {
    const [cx, cz] = this.world(lx, lz);
    const shape = sphere(cx, y, cz, r, m);
    this.shapes.push(shape);
    return shape;
  }
}
