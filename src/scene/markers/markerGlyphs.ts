// Marker icons drawn on a canvas at run time: no image assets to ship, fetch or decode, and every kind gets a distinct
// glyph. Free of three.js, so the studio's marker handles draw the very icons visitors see.

/** The drawing's own size; callers scale the context to draw it smaller or larger. */
export const MARKER_ICON_SIZE = 128;
const SIZE = MARKER_ICON_SIZE;
type Ctx = CanvasRenderingContext2D;

function arrow(ctx: Ctx, angleDeg: number): void {
  ctx.save();
  ctx.translate(SIZE / 2, SIZE / 2);
  ctx.rotate((angleDeg * Math.PI) / 180);
  ctx.beginPath(); // arrow pointing up, centred
  ctx.moveTo(0, -34);
  ctx.lineTo(26, -6);
  ctx.lineTo(10, -6);
  ctx.lineTo(10, 30);
  ctx.lineTo(-10, 30);
  ctx.lineTo(-10, -6);
  ctx.lineTo(-26, -6);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function stairs(ctx: Ctx, up: boolean): void {
  ctx.beginPath();
  ctx.moveTo(30, 92);
  for (let i = 0; i < 4; i++) {
    ctx.lineTo(30 + i * 17, 92 - (i + 1) * 12);
    ctx.lineTo(30 + (i + 1) * 17, 92 - (i + 1) * 12);
  }
  ctx.lineTo(98, 92);
  ctx.closePath();
  ctx.fill();
  ctx.save();
  ctx.translate(44, up ? 46 : 40);
  ctx.scale(0.5, 0.5);
  ctx.rotate(up ? Math.PI / 4 : (Math.PI * 5) / 4);
  ctx.translate(-SIZE / 2, -SIZE / 2);
  arrow(ctx, 0);
  ctx.restore();
}

function tag(ctx: Ctx, dx = 0, dy = 0): void {
  ctx.beginPath();
  ctx.moveTo(36 + dx, 40 + dy);
  ctx.lineTo(70 + dx, 40 + dy);
  ctx.lineTo(94 + dx, 64 + dy);
  ctx.lineTo(70 + dx, 88 + dy);
  ctx.lineTo(36 + dx, 88 + dy);
  ctx.closePath();
  ctx.fill();
  ctx.save();
  ctx.globalCompositeOperation = 'destination-out';
  ctx.beginPath();
  ctx.arc(48 + dx, 64 + dy, 6, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function text(ctx: Ctx, label: string, px: number): void {
  ctx.font = `bold ${px}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, SIZE / 2, SIZE / 2 + 2);
}

const GLYPHS: Record<string, (ctx: Ctx) => void> = {
  'point:frontArrow': (c) => arrow(c, 0),
  'point:leftArrow': (c) => arrow(c, -90),
  'point:rightArrow': (c) => arrow(c, 90),
  'point:leftFrontArrow': (c) => arrow(c, -45),
  'point:rightFrontArrow': (c) => arrow(c, 45),
  'point:upstairsArrow': (c) => stairs(c, true),
  'point:downstairsArrow': (c) => stairs(c, false),
  'kind:tag': (c) => tag(c),
  'kind:multitag': (c) => { tag(c, -6, -8); c.globalAlpha = 0.7; tag(c, 6, 8); c.globalAlpha = 1; },
  'kind:memo': (c) => {
    c.fillRect(38, 34, 52, 60);
    c.clearRect(46, 46, 36, 5); c.clearRect(46, 60, 36, 5); c.clearRect(46, 74, 24, 5);
  },
  'kind:gallery': (c) => {
    c.lineWidth = 6; c.strokeRect(32, 38, 64, 52);
    c.beginPath(); c.moveTo(36, 86); c.lineTo(56, 62); c.lineTo(70, 76); c.lineTo(78, 68); c.lineTo(92, 86); c.closePath(); c.fill();
    c.beginPath(); c.arc(80, 52, 6, 0, Math.PI * 2); c.fill();
  },
  'kind:popup': (c) => {
    c.lineWidth = 6; c.strokeRect(34, 42, 52, 52);
    c.beginPath(); c.moveTo(64, 34); c.lineTo(94, 34); c.lineTo(94, 64); c.closePath(); c.fill();
    c.beginPath(); c.moveTo(60, 68); c.lineTo(88, 40); c.stroke();
  },
  'kind:pdf': (c) => text(c, 'PDF', 34),
  'kind:arMakerTag': (c) => text(c, 'AR', 44),
  'kind:narration': (c) => {
    c.beginPath(); c.moveTo(34, 54); c.lineTo(48, 54); c.lineTo(66, 38); c.lineTo(66, 90); c.lineTo(48, 74); c.lineTo(34, 74); c.closePath(); c.fill();
    c.lineWidth = 6;
    for (const r of [12, 24]) { c.beginPath(); c.arc(66, 64, r, -Math.PI / 4, Math.PI / 4); c.stroke(); }
  },
  'kind:sticker': (c) => {
    c.beginPath();
    for (let i = 0; i < 10; i++) {
      const r = i % 2 === 0 ? 34 : 15;
      const a = (i * Math.PI) / 5 - Math.PI / 2;
      c.lineTo(64 + r * Math.cos(a), 66 + r * Math.sin(a));
    }
    c.closePath(); c.fill();
  },
  'kind:videoplay': (c) => { c.beginPath(); c.moveTo(50, 38); c.lineTo(92, 64); c.lineTo(50, 90); c.closePath(); c.fill(); },
  'kind:search': (c) => {
    c.lineWidth = 9; c.beginPath(); c.arc(58, 58, 20, 0, Math.PI * 2); c.stroke();
    c.lineWidth = 11; c.beginPath(); c.moveTo(73, 73); c.lineTo(92, 92); c.stroke();
  },
  'kind:teleport': (c) => {
    c.lineWidth = 6;
    for (const r of [14, 28]) { c.beginPath(); c.arc(64, 64, r, 0, Math.PI * 2); c.stroke(); }
    c.beginPath(); c.arc(64, 64, 6, 0, Math.PI * 2); c.fill();
  },
};
GLYPHS['kind:point'] = GLYPHS['point:frontArrow']!;

/** Draws the icon for a key from markerIconKey(); unknown kinds get an "i" (information). */
export function drawMarkerIcon(ctx: Ctx, key: string): void {
  ctx.clearRect(0, 0, SIZE, SIZE);
  ctx.beginPath();
  ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2 - 6, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(20, 20, 28, 0.55)';
  ctx.fill();
  ctx.lineWidth = 6;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  (GLYPHS[key] ?? ((c: Ctx) => text(c, 'i', 56)))(ctx);
}
