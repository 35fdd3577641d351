import type { Shape } from './shapes.ts';

/**
 * Per 16x16-pixel block of the panorama, the shapes of each space whose bounding sphere meets the
 * block's view cone. A camera ray stays on its straight line through doorways and glass, so the
 * same cone test is valid in every room it passes into. Lists are built on first use.
 */
export class BlockCuller {
  static readonly BLOCK = 16;
  private readonly cols: number;
  private readonly cache: (Shape[] | undefined)[];
  private readonly axis = new Float64Array(4);

  constructor(
    private readonly spaces: readonly (readonly Shape[])[],
    private readonly cx: number, private readonly cy: number, private readonly cz: number,
    private readonly W: number, private readonly H: number,
    private readonly rowStart: number, rows: number,
  ) {
    this.cols = Math.ceil(W / BlockCuller.BLOCK);
    this.cache = new Array<Shape[] | undefined>(this.cols * Math.ceil(rows / BlockCuller.BLOCK) * spaces.length);
  }

  /** Block index of a (fractional) pixel position inside this band. */
  blockAt(xPixel: number, yPixel: number): number {
    const bc = Math.min(this.cols - 1, Math.max(0, Math.floor(xPixel / BlockCuller.BLOCK)));
    const br = Math.max(0, Math.floor((yPixel - this.rowStart) / BlockCuller.BLOCK));
    return br * this.cols + bc;
  }

  candidates(block: number, space: number): readonly Shape[] {
    const key = block * this.spaces.length + space;
    let list = this.cache[key];
    if (!list) {
      list = this.cull(block, this.spaces[space]!);
      this.cache[key] = list;
    }
    return list;
  }

  private cull(block: number, shapes: readonly Shape[]): Shape[] {
    const B = BlockCuller.BLOCK;
    const x0 = (block % this.cols) * B; const x1 = Math.min(this.W, x0 + B);
    const y0 = this.rowStart + Math.floor(block / this.cols) * B; const y1 = Math.min(this.H, y0 + B);
    this.direction((x0 + x1) / 2, (y0 + y1) / 2);
    const ax = this.axis[0]!; const ay = this.axis[1]!; const az = this.axis[2]!;
    let minDot = 1;
    for (let i = 0; i <= 2; i++) {
      for (let j = 0; j <= 2; j++) {
        this.direction(x0 + ((x1 - x0) * i) / 2, y0 + ((y1 - y0) * j) / 2);
        const d = this.axis[0]! * ax + this.axis[1]! * ay + this.axis[2]! * az;
        if (d < minDot) minDot = d;
      }
    }
    // Margin: block edges bulge between the nine sampled directions near the poles.
    const half = Math.acos(Math.max(-1, Math.min(1, minDot))) * 1.2 + 0.003;
    const out: Shape[] = [];
    for (const s of shapes) {
      const vx = s.bx - this.cx; const vy = s.by - this.cy; const vz = s.bz - this.cz;
      const dist = Math.sqrt(vx * vx + vy * vy + vz * vz);
      if (dist <= s.br) { out.push(s); continue; }
      const allowed = half + Math.asin(s.br / dist);
      if (allowed >= Math.PI || (vx * ax + vy * ay + vz * az) / dist >= Math.cos(allowed)) out.push(s);
    }
    return out;
  }

  /** Unit view direction at a continuous pixel position, into this.axis. */
  private direction(x: number, y: number): void {
    const lon = (x / this.W - 0.5) * 2 * Math.PI;
    const lat = (0.5 - y / this.H) * Math.PI;
    this.axis[0] = Math.sin(lon) * Math.cos(lat);
    this.axis[1] = Math.sin(lat);
    this.axis[2] = -Math.cos(lon) * Math.cos(lat);
  }
}
