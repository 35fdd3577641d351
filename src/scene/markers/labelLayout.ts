// Geometry of a marker's name label: the lines come wrapped at 15 characters (markerLabelLines), the browser
// measures and draws them (any script, shaping and bidi included); this file only does the arithmetic.

/** Width of a string in canvas pixels as the canvas would draw it. */
export type Measure = (text: string) => number;

/** Canvas pixels that match one icon edge: the icon canvases are 128 px, so label text scales with the icon. */
export const LABEL_PX_PER_ICON = 128;
export const LABEL_FONT_PX = 30;
/** Room above and below each line for Thai and Vietnamese marks. */
const LINE_HEIGHT = 1.35;
const PAD_X = 14;
const PAD_Y = 8;
/** Space between the icon's lower edge and the label, in icon edges. */
const GAP = 0.08;

export interface LabelLayout {
  /** Canvas size in pixels, fitted to the widest line and the number of lines. */
  width: number;
  height: number;
  /** Vertical centre of each line, in canvas pixels from the top. */
  lineCentres: number[];
}

export function labelLayout(lines: readonly string[], measure: Measure, fontPx = LABEL_FONT_PX): LabelLayout {
  const step = Math.ceil(fontPx * LINE_HEIGHT);
  const widest = lines.reduce((max, line) => Math.max(max, measure(line)), 0);
  return {
    width: Math.max(1, Math.ceil(widest + 2 * PAD_X)),
    height: Math.max(1, step * lines.length + 2 * PAD_Y),
    lineCentres: lines.map((_, i) => PAD_Y + step * (i + 0.5)),
  };
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const STRONG_CHAR = /\p{L}/u;

/** Direction of a label from its first strong letter (a name may be Arabic in an English interface). */
export function textDirection(text: string): 'ltr' | 'rtl' {
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) return 'rtl';
    if (STRONG_CHAR.test(ch)) return 'ltr';
  }
  return 'ltr';
}

/**
 * Em size of a marker name label in a headset, degrees: read from across the room like a sign. On a flat screen
 * the label follows the icon's pixels (LABEL_FONT_PX per icon edge), which in VR made names about 1.2 degrees
 * tall under a 5 degree icon, too small to read without leaning in (in-world panel text is 1.4, see
 * features/xr/kit/angularSize.ts).
 */
export const XR_LABEL_EM_DEG = 2.0;

const size = (deg: number) => 2 * Math.tan((deg * Math.PI) / 360);

/** How much larger than on a flat screen a label is drawn in a headset, so its em spans `emDeg` beside an icon of `iconDeg`. */
export function xrLabelScale(iconDeg: number, emDeg = XR_LABEL_EM_DEG): number {
  return size(emDeg) / (size(iconDeg) * (LABEL_FONT_PX / LABEL_PX_PER_ICON));
}

/**
 * Where the label plane sits as a child of the icon plane (a unit plane scaled to iconAspect × 1 icon edges):
 * centred under the icon, its size in icon edges; x is divided by the aspect because the parent stretches x.
 * `textScale` enlarges the label against its icon (xrLabelScale in a headset).
 */
export function labelPlacement(layout: Pick<LabelLayout, 'width' | 'height'>, iconAspect: number, textScale = 1): { scaleX: number; scaleY: number; offsetY: number } {
  const height = (layout.height / LABEL_PX_PER_ICON) * textScale;
  return {
    scaleX: (layout.width / LABEL_PX_PER_ICON / Math.max(1e-6, iconAspect)) * textScale,
    scaleY: height,
    offsetY: -0.5 - GAP - height / 2,
  };
}
