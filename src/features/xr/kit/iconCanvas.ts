// Menu and button icons are SVG paths drawn on a canvas: no icon font to load, any stroke-free glyph of a 24 x 24
// icon set works (the registry's `icon`), and the texture is as sharp as the size asks.

/** Draws `path` (SVG `d`, 24 x 24 box) in `color`, `size` canvas pixels square, with `padding` pixels around it. */
export function renderIcon(path: string, size: number, color: string, padding = 0): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.max(1, Math.round(size));
  const ctx = canvas.getContext('2d');
  if (!ctx || !path) return canvas;
  const scale = (canvas.width - 2 * padding) / 24;
  ctx.translate(padding, padding);
  ctx.scale(scale, scale);
  ctx.fillStyle = color;
  ctx.fill(new Path2D(path));
  return canvas;
}
