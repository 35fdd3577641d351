// A head drawn once per person into a canvas: a disc (portrait, else initials on the person's colour) with a light
// rim, and the name on a dark plate under it. Drawn by the browser's text engine, so every script and right-to-left
// names come out right (as the marker labels do).
import { textDirection } from '../markers/labelLayout.ts';
import type { SceneAvatar } from './avatarTypes.ts';

/** Canvas pixels; the disc is the top square, the name plate the strip below it. */
export const HEAD_PX = 256;
export const PLATE_PX = 72;
export const CANVAS_W = 512;
export const CANVAS_H = HEAD_PX + PLATE_PX + 8;

const FONT_STACK = 'system-ui, "Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "Noto Sans CJK JP", sans-serif';

export function drawAvatar(avatar: SceneAvatar, portrait: CanvasImageSource | null): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = CANVAS_W;
  canvas.height = CANVAS_H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  const cx = CANVAS_W / 2;
  const r = HEAD_PX / 2 - 6;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, HEAD_PX / 2, r, 0, Math.PI * 2);
  ctx.fillStyle = avatar.color;
  ctx.fill();
  if (portrait) {
    ctx.clip();
    ctx.drawImage(portrait, cx - r, HEAD_PX / 2 - r, r * 2, r * 2);
  } else {
    ctx.fillStyle = '#ffffff';
    ctx.font = `700 ${Math.round(r * 0.9)}px ${FONT_STACK}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(avatar.initials, cx, HEAD_PX / 2 + r * 0.05);
  }
  ctx.restore();
  ctx.lineWidth = 8;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.beginPath();
  ctx.arc(cx, HEAD_PX / 2, r, 0, Math.PI * 2);
  ctx.stroke();

  const direction = textDirection(avatar.name);
  ctx.font = `600 40px ${FONT_STACK}`;
  ctx.direction = direction;
  const name = fit(ctx, avatar.name, CANVAS_W - 40);
  const w = Math.min(CANVAS_W, ctx.measureText(name).width + 40);
  const top = HEAD_PX + 8;
  ctx.fillStyle = 'rgba(20, 20, 28, 0.72)';
  ctx.beginPath();
  ctx.roundRect(cx - w / 2, top, w, PLATE_PX, 18);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, cx, top + PLATE_PX / 2);
  return canvas;
}

/** The name cut with an ellipsis to fit the plate. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > max) chars.pop();
  return `${chars.join('')}…`;
}

/** A steady, well-saturated colour per person (hue from their id), dark enough for white initials. */
export function avatarColor(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return `hsl(${h % 360} 70% 42%)`;
}
