import { CYLINDER, SPHERE, type Shape, YAW_BOX } from '../raytrace/shapes.ts';
import type { HarbourHouse } from '../scenes/harbourHouse.ts';
import { HOUSE, OPENINGS, ROOMS, type RoomId, UTILITY } from '../scenes/housePlan.ts';

// The floor plan image, drawn as SVG from the very geometry the panoramas are rendered from:
// walls, doors with their swing, windows, furniture footprints and the garden.

export const PLAN = { width: 1200, height: 900, scale: 50, originX: -4.5, originZ: -2 } as const;

/** Plan pixel of a world point (x east, z south). */
export function planPoint(x: number, z: number): [number, number] {
  return [(x - PLAN.originX) * PLAN.scale, (z - PLAN.originZ) * PLAN.scale];
}

/** floorplanPosition of a world point: 0..1 from the plan's top-left corner. */
export function planPosition(x: number, z: number): { x: number; y: number } {
  const [px, py] = planPoint(x, z);
  return { x: round(px / PLAN.width), y: round(py / PLAN.height) };
}

const ROOM_LABELS: Record<RoomId, string> = {
  living: 'Living room', kitchen: 'Kitchen / Dining', bedroom: 'Bedroom', study: 'Study', bathroom: 'Bathroom',
};
const WALL = '#2b2d31';
const INK = '#3b3f45';

export function floorplanSvg(house: HarbourHouse): string {
  const parts: string[] = [];
  const r = (x0: number, z0: number, x1: number, z1: number, style: string) => {
    const [a, b] = planPoint(x0, z0); const [c, d] = planPoint(x1, z1);
    parts.push(`<rect x="${f(a)}" y="${f(b)}" width="${f(c - a)}" height="${f(d - b)}" ${style}/>`);
  };
  const line = (x0: number, z0: number, x1: number, z1: number, style: string) => {
    const [a, b] = planPoint(x0, z0); const [c, d] = planPoint(x1, z1);
    parts.push(`<line x1="${f(a)}" y1="${f(b)}" x2="${f(c)}" y2="${f(d)}" ${style}/>`);
  };
  // Garden: lawn, terrace, path, quay edge, trees, furniture.
  r(-4, -9, 18, 21.6, 'fill="#dfe8cf"');
  r(-0.4, 9, 14.4, 11.9, 'fill="#ece3d3"');
  r(5.5, 11.9, 6.9, 21.6, 'fill="#ece3d3"');
  for (const s of house.world.outdoorShapes) {
    if (s === house.world.houseShape || s.bz > 30) continue;
    if (s.kind === SPHERE) { if (s.r > 1.2) parts.push(circle(s, 'fill="#9fbf7f" fill-opacity="0.55" stroke="#7a9a5c" stroke-width="1.5"')); continue; }
    if (s.ay0 > 2.3 || !isFurniture(s)) continue;
    const style = 'fill="#f4f1ea" stroke="#8d8a84" stroke-width="1.2"';
    parts.push(s.kind === CYLINDER ? circle(s, style) : footprint(s, style));
  }
  // Rooms, furniture, then walls on top.
  for (const [id, b] of Object.entries(ROOMS) as [RoomId, typeof ROOMS[RoomId]][]) r(b.x0, b.z0, b.x1, b.z1, `fill="${id === 'bathroom' || id === 'kitchen' ? '#f3f4f5' : '#fbf8f2'}"`);
  r(UTILITY.x0, UTILITY.z0, UTILITY.x1, UTILITY.z1, 'fill="#efefec"');
  for (const room of house.rooms.values()) {
    for (const s of room.shapes) {
      if (s.kind === SPHERE || s.ay0 > 1.3 || !s.occludes || !isFurniture(s)) continue;
      parts.push(s.kind === CYLINDER ? circle(s, furnitureStyle) : footprint(s, furnitureStyle));
    }
    for (const s of room.shapes) if (s.ay1 - s.ay0 < 0.05 && s.ax1 - s.ax0 > 1) parts.push(footprint(s, 'fill="none" stroke="#c9b9a0" stroke-width="1.2" stroke-dasharray="4 3"'));
  }
  const ext = `stroke="${WALL}" stroke-width="12" stroke-linecap="square"`;
  const int = `stroke="${WALL}" stroke-width="6" stroke-linecap="square"`;
  line(HOUSE.x0, HOUSE.z0, HOUSE.x1, HOUSE.z0, ext); line(HOUSE.x1, HOUSE.z0, HOUSE.x1, HOUSE.z1, ext);
  line(HOUSE.x1, HOUSE.z1, HOUSE.x0, HOUSE.z1, ext); line(HOUSE.x0, HOUSE.z1, HOUSE.x0, HOUSE.z0, ext);
  line(0, 4, 14, 4, int); line(5, 0, 5, 4, int); line(8.5, 0, 8.5, 4, int); line(11.5, 0, 11.5, 4, int); line(7.5, 4, 7.5, 9, int);
  for (const o of OPENINGS) parts.push(opening(o));
  for (const [id, b] of Object.entries(ROOMS) as [RoomId, typeof ROOMS[RoomId]][]) parts.push(label(ROOM_LABELS[id], (b.x0 + b.x1) / 2, (b.z0 + b.z1) / 2 + (id === 'living' ? 0.9 : id === 'kitchen' ? -0.6 : 0.9), (b.x1 - b.x0) * (b.z1 - b.z0)));
  parts.push(label('Utility', (UTILITY.x0 + UTILITY.x1) / 2, 2, (UTILITY.x1 - UTILITY.x0) * (UTILITY.z1 - UTILITY.z0)));
  parts.push(label('Terrace', 2.6, 10.5, 0), label('Garden', 1.5, 14.5, 0), label('Back garden', 6.5, -1.2, 0));
  parts.push(legend());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN.width}" height="${PLAN.height}" viewBox="0 0 ${PLAN.width} ${PLAN.height}">`
    + `<rect width="100%" height="100%" fill="#f6f4ef"/>${parts.join('')}</svg>`;
}

/** Big enough to show in plan: table tops yes, legs and cords no. */
function isFurniture(s: Shape): boolean {
  const area = s.kind === CYLINDER ? Math.PI * s.r * s.r : (s.ax1 - s.ax0) * (s.az1 - s.az0);
  return area >= 0.04 && s.ay1 - s.ay0 >= 0.02;
}

const furnitureStyle = 'fill="#ffffff" fill-opacity="0.7" stroke="#9a958c" stroke-width="1.2"';

function opening(o: typeof OPENINGS[number]): string {
  const alongX = o.axis === 'z';
  const p = (a: number, off = 0) => (alongX ? planPoint(a, o.at + off) : planPoint(o.at + off, a));
  const [x0, y0] = p(o.a0); const [x1, y1] = p(o.a1);
  const gap = `<line x1="${f(x0)}" y1="${f(y0)}" x2="${f(x1)}" y2="${f(y1)}" stroke="#fbf8f2" stroke-width="14"/>`;
  if (o.kind === 'window') {
    return gap + `<line x1="${f(x0)}" y1="${f(y0)}" x2="${f(x1)}" y2="${f(y1)}" stroke="#7fa7c9" stroke-width="5"/>`
      + `<line x1="${f(x0)}" y1="${f(y0)}" x2="${f(x1)}" y2="${f(y1)}" stroke="#ffffff" stroke-width="1.5"/>`;
  }
  // Doors swing into their first side's room (the living room for the front door).
  const room = o.sides[0] ? ROOMS[o.sides[0]] : null;
  const centre = room ? (alongX ? (room.z0 + room.z1) / 2 : (room.x0 + room.x1) / 2) : o.at + 1;
  const dir = centre > o.at ? 1 : -1;
  const w = o.a1 - o.a0;
  if (w > 1.5) return gap;
  const [hx, hy] = p(o.a1); const [lx, ly] = p(o.a1, dir * w); const [ax, ay] = p(o.a0);
  const sweep = (alongX ? dir > 0 : dir < 0) ? 1 : 0;
  const leaf = o.kind === 'closedDoor'
    ? `<line x1="${f(ax)}" y1="${f(ay)}" x2="${f(hx)}" y2="${f(hy)}" stroke="${INK}" stroke-width="3"/>`
    : `<line x1="${f(hx)}" y1="${f(hy)}" x2="${f(lx)}" y2="${f(ly)}" stroke="${INK}" stroke-width="2.5"/>`
      + `<path d="M ${f(lx)} ${f(ly)} A ${f(w * PLAN.scale)} ${f(w * PLAN.scale)} 0 0 ${sweep} ${f(ax)} ${f(ay)}" fill="none" stroke="${INK}" stroke-width="1" stroke-dasharray="3 3"/>`;
  return gap + leaf;
}

function footprint(s: Shape, style: string): string {
  if (s.kind !== YAW_BOX) {
    const [a, b] = planPoint(s.ax0, s.az0); const [c, d] = planPoint(s.ax1, s.az1);
    return `<rect x="${f(a)}" y="${f(b)}" width="${f(c - a)}" height="${f(d - b)}" ${style}/>`;
  }
  const corners = [[s.x0, s.z0], [s.x1, s.z0], [s.x1, s.z1], [s.x0, s.z1]].map(([lx, lz]) => {
    const [px, py] = planPoint(s.cx + s.cos * lx! - s.sin * lz!, s.cz + s.sin * lx! + s.cos * lz!);
    return `${f(px)},${f(py)}`;
  });
  return `<polygon points="${corners.join(' ')}" ${style}/>`;
}

function circle(s: Shape, style: string): string {
  const [x, y] = planPoint(s.cx, s.cz);
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s.r * PLAN.scale)}" ${style}/>`;
}

function label(text: string, x: number, z: number, area: number): string {
  const [px, py] = planPoint(x, z);
  const sub = area > 0 ? `<text x="${f(px)}" y="${f(py + 20)}" font-size="15" fill="#6b6f75" text-anchor="middle">${area.toFixed(1)} m²</text>` : '';
  return `<text x="${f(px)}" y="${f(py)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="19" font-weight="bold" fill="${INK}" text-anchor="middle" paint-order="stroke" stroke="#fbf8f2" stroke-width="4">${text}</text>`
    + sub.replace('<text ', '<text font-family="DejaVu Sans, Arial, sans-serif" paint-order="stroke" stroke="#fbf8f2" stroke-width="3" ');
}

function legend(): string {
  const x = PLAN.width - 320; const y = PLAN.height - 60;
  const bar = 5 * PLAN.scale;
  return `<g font-family="DejaVu Sans, Arial, sans-serif" fill="${INK}">`
    + `<text x="30" y="44" font-size="26" font-weight="bold">Harbour House</text>`
    + `<text x="30" y="70" font-size="15" fill="#6b6f75">Ground floor · ${(HOUSE.x1 - HOUSE.x0) * (HOUSE.z1 - HOUSE.z0)} m² · garden facing the harbour</text>`
    + `<rect x="${x}" y="${y}" width="${bar / 5}" height="8" fill="${INK}"/><rect x="${x + bar / 5}" y="${y}" width="${bar / 5}" height="8" fill="#fff" stroke="${INK}"/>`
    + `<rect x="${x + (2 * bar) / 5}" y="${y}" width="${(3 * bar) / 5}" height="8" fill="${INK}"/>`
    + `<text x="${x}" y="${y + 28}" font-size="14">0</text><text x="${x + bar}" y="${y + 28}" font-size="14" text-anchor="end">5 m</text>`
    + `<g transform="translate(${PLAN.width - 60} 60)"><path d="M 0 -30 L 12 10 L 0 2 L -12 10 Z" fill="${INK}"/><text y="32" font-size="16" text-anchor="middle">N</text></g>`
    + '</g>';
}

function f(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
