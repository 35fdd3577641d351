import type { Shape } from './shapes.ts';

/** Anything with a footprint on the ground (x/z bounds). */
interface Footprint { readonly ax0: number; readonly az0: number; readonly ax1: number; readonly az1: number }

/** A flat grid over the ground listing, per cell, the items whose footprint (grown by reach) covers it. */
class FootprintGrid<T> {
  private readonly x0: number;
  private readonly z0: number;
  private readonly nx: number;
  private readonly nz: number;
  readonly cells: T[][];

  constructor(items: readonly { item: T; box: Footprint }[], reach: number, private readonly cell: number) {
    let x0 = Infinity; let z0 = Infinity; let x1 = -Infinity; let z1 = -Infinity;
    for (const { box } of items) {
      x0 = Math.min(x0, box.ax0 - reach); z0 = Math.min(z0, box.az0 - reach);
      x1 = Math.max(x1, box.ax1 + reach); z1 = Math.max(z1, box.az1 + reach);
    }
    if (items.length === 0) { x0 = 0; z0 = 0; x1 = 0; z1 = 0; }
    // Far-away items (boats on the water) would make a huge sparse grid: widen cells instead.
    this.cell = Math.max(cell, (x1 - x0) / 400, (z1 - z0) / 400);
    this.x0 = x0; this.z0 = z0;
    this.nx = Math.max(1, Math.ceil((x1 - x0) / this.cell));
    this.nz = Math.max(1, Math.ceil((z1 - z0) / this.cell));
    this.cells = Array.from({ length: this.nx * this.nz }, () => []);
    for (const { item, box } of items) {
      const i0 = this.col(box.ax0 - reach); const i1 = this.col(box.ax1 + reach);
      const j0 = this.row(box.az0 - reach); const j1 = this.row(box.az1 + reach);
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.cells[j * this.nx + i]!.push(item);
    }
  }

  private col(x: number): number { return Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.x0) / this.cell))); }
  private row(z: number): number { return Math.min(this.nz - 1, Math.max(0, Math.floor((z - this.z0) / this.cell))); }

  /** Index of the cell holding (x, z), or -1 outside the grid. */
  index(x: number, z: number): number {
    const i = Math.floor((x - this.x0) / this.cell);
    const j = Math.floor((z - this.z0) / this.cell);
    return i < 0 || j < 0 || i >= this.nx || j >= this.nz ? -1 : j * this.nx + i;
  }
}

const EMPTY: readonly Shape[] = [];

/**
 * Shapes close enough to darken a point (ambient occlusion): two or three per cell instead of
 * every shape in the space.
 */
export class ShapeGrid {
  private readonly grid: FootprintGrid<Shape>;

  constructor(shapes: readonly Shape[], reach: number, cell = 0.5) {
    this.grid = new FootprintGrid(shapes.filter((s) => s.occludes).map((s) => ({ item: s, box: s })), reach, cell);
  }

  near(x: number, z: number): readonly Shape[] {
    const i = this.grid.index(x, z);
    return i < 0 ? EMPTY : this.grid.cells[i]!;
  }
}

/**
 * Shapes that can shade a point from the sun. Sliding a point along the sun's rays down to the
 * ground lands every point of that ray on the same spot, so a grid of the shapes' sun-cast
 * footprints answers "what could be in the way" with one lookup.
 */
export class SunGrid {
  private readonly grid: FootprintGrid<Shape>;
  private readonly kx: number;
  private readonly kz: number;

  constructor(shapes: readonly Shape[], sunX: number, sunY: number, sunZ: number, cell = 0.75) {
    const kx = sunX / sunY; const kz = sunZ / sunY;
    this.kx = kx; this.kz = kz;
    const items = shapes.filter((s) => s.occludes).map((s) => {
      let x0 = Infinity; let z0 = Infinity; let x1 = -Infinity; let z1 = -Infinity;
      for (const y of [s.ay0, s.ay1]) {
        for (const x of [s.ax0, s.ax1]) { x0 = Math.min(x0, x - kx * y); x1 = Math.max(x1, x - kx * y); }
        for (const z of [s.az0, s.az1]) { z0 = Math.min(z0, z - kz * y); z1 = Math.max(z1, z - kz * y); }
      }
      return { item: s, box: { ax0: x0, az0: z0, ax1: x1, az1: z1 } };
    });
    this.grid = new FootprintGrid(items, 0.01, cell);
  }

  /** Shapes that may block the sun from the point (x, y, z). */
  near(x: number, y: number, z: number): readonly Shape[] {
    const i = this.grid.index(x - this.kx * y, z - this.kz * y);
    return i < 0 ? EMPTY : this.grid.cells[i]!;
  }
}
