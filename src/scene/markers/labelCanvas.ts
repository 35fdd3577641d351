import { type LabelLayout, labelLayout, LABEL_FONT_PX, textDirection } from './labelLayout.ts';

// The label is drawn by the browser's text engine: every script's glyphs (font fallback), Arabic shaping and
// right-to-left order come for free, which a glyph atlas would not give.
const FONT = `600 ${LABEL_FONT_PX}px system-ui, "Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "Noto Sans CJK JP", sans-serif`;

export interface DrawnLabel extends LabelLayout {
  canvas: HTMLCanvasElement;
  lines: string[];
  direction: 'ltr' | 'rtl';
}

function setup(ctx: CanvasRenderingContext2D, lang: string, direction: 'ltr' | 'rtl'): void {
  ctx.font = FONT;
  ctx.direction = direction;
  // Chrome picks regional Han glyphs from the context's language where it supports the property.
  (ctx as CanvasRenderingContext2D & { lang?: string }).lang = lang;
}

/** One canvas holding every line, centred, on a dark rounded plate; sized to fit the lines. */
export function drawMarkerLabel(lines: readonly string[], lang: string): DrawnLabel | null {
  if (lines.length === 0) return null;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const direction = textDirection(lines.join(' '));
  setup(ctx, lang, direction);
  const layout = labelLayout(lines, (s) => ctx.measureText(s).width);
  canvas.width = layout.width;
  canvas.height = layout.height;
  setup(ctx, lang, direction); // resizing a canvas resets its state
  ctx.fillStyle = 'rgba(20, 20, 28, 0.62)';
  ctx.beginPath();
  ctx.roundRect(0, 0, layout.width, layout.height, Math.min(14, layout.height / 2));
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => ctx.fillText(line, layout.width / 2, layout.lineCentres[i]!));
  return { ...layout, canvas, lines: [...lines], direction };
}
