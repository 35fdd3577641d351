// In-world text for the XR marker panel. uikit's MSDF fonts cover ASCII only and cannot shape or reorder text
// (../shared/research/stack.md section 2), so text blocks are drawn with the browser's own text engine on a
// canvas (shaping, bidi, font fallback for every script) and shown as a texture. Only the line breaking is ours.

/** Width of a string in canvas pixels, as the canvas would draw it (shaping and kerning included). */
export type Measure = (text: string) => number;

/** Scripts written without spaces between words: a line may break between any two characters. */
const NO_SPACE_SCRIPT = /[\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const RTL_LANGS = new Set(['ar', 'he', 'fa', 'ur']);
const ELLIPSIS = '…';

export function isRtl(lang: string): boolean {
  return RTL_LANGS.has(lang.toLowerCase().split('-')[0] ?? '');
}

/** Grapheme clusters, so a break never separates a base letter from its marks (Thai vowels, Vietnamese tones). */
function graphemes(text: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  }
  return [...text];
}

/** Thai, Lao, Khmer and Myanmar: no spaces, but breaking inside a word is wrong; ICU's dictionary finds the words. */
const DICTIONARY_SCRIPT = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/u;

/** Word segments (ICU, dictionary based for Thai) where available, else graphemes. */
function segments(text: string, lang: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return [...new Intl.Segmenter(lang || undefined, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  }
  return graphemes(text);
}

/**
 * Break units: words of spaced scripts (each with one trailing space if a space followed), dictionary words of
 * Thai-like scripts, and single graphemes of CJK (which may break between any two characters).
 */
export function breakUnits(paragraph: string, lang = ''): string[] {
  const units: string[] = [];
  let word = '';
  const flush = () => {
    if (word) units.push(word);
    word = '';
  };
  for (const segment of segments(paragraph, lang)) {
    if (/^\s+$/u.test(segment)) {
      if (word) units.push(`${word} `);
      else if (units.length > 0 && !units[units.length - 1]!.endsWith(' ')) units[units.length - 1] += ' ';
      word = '';
    } else if (DICTIONARY_SCRIPT.test(segment)) {
      flush();
      units.push(segment);
    } else if (NO_SPACE_SCRIPT.test(segment)) {
      flush();
      for (const g of graphemes(segment)) {
        // Punctuation between CJK characters stays with the character before it.
        if (/^[\p{L}\p{N}]/u.test(g) || units.length === 0) units.push(g);
        else units[units.length - 1] += g;
      }
    } else {
      // Latin, Greek, Cyrillic, Arabic...: the segmenter splits "Hand-stitched" into parts; a space ends the word.
      word += segment;
    }
  }
  flush();
  return units;
}

/** Cuts one unit that is wider than the line into pieces that fit (at least one grapheme each). */
function cutUnit(unit: string, maxWidth: number, measure: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const g of graphemes(unit)) {
    if (piece && measure(piece + g) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += g;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Shortens the last kept line until it fits with an ellipsis after it. */
function withEllipsis(line: string, maxWidth: number, measure: Measure): string {
  const gs = graphemes(line.trimEnd());
  while (gs.length > 0 && measure(gs.join('') + ELLIPSIS) > maxWidth) gs.pop();
  return gs.join('').trimEnd() + ELLIPSIS;
}

/**
 * Greedy line breaking: paragraphs split on '\n'; spaced scripts break between words, Thai between dictionary
 * words, CJK between any graphemes; a word longer than the line is cut (between graphemes). Whole candidate lines are measured (not summed widths),
 * because shaping (Arabic joining) and kerning change a run's width. Over `maxLines`, the last line ends in '…'.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure, maxLines = Infinity, lang = ''): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const unit of breakUnits(paragraph.trim(), lang)) {
      if (measure((line + unit).trimEnd()) <= maxWidth) {
        line += unit;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      if (measure(unit.trimEnd()) <= maxWidth) {
        line = unit;
        continue;
      }
      const pieces = cutUnit(unit.trimEnd(), maxWidth, measure);
      lines.push(...pieces.slice(0, -1));
      // The last piece keeps the unit's trailing space, which separates it from the next word.
      line = (pieces[pieces.length - 1] ?? '') + (unit.endsWith(' ') ? ' ' : '');
    }
    if (line.trim() || paragraph.trim() === '') lines.push(line.trimEnd());
  }
  // Blank lines at the end carry nothing.
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(0, maxLines));
  if (kept.length > 0) kept[kept.length - 1] = withEllipsis(kept[kept.length - 1]!, maxWidth, measure);
  return kept;
}

/** Font list for a language: its own CJK variant first (Han glyphs differ by region), then every script's Noto. */
export function fontStack(lang: string): string {
  const l = lang.toLowerCase();
  const cjk = l.startsWith('ja') ? 'Noto Sans CJK JP'
    : l === 'zh-tw' || l === 'zh-hk' || l.startsWith('zh-hant') ? 'Noto Sans CJK TC'
      : l.startsWith('zh') ? 'Noto Sans CJK SC'
        : l.startsWith('ko') ? 'Noto Sans CJK KR' : 'Noto Sans CJK JP';
  return `"Noto Sans", "Noto Sans Arabic", "Noto Sans Thai", "${cjk}", sans-serif`;
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;

/** Direction of a text from its first strong letter; the interface's when it has none (digits, symbols). */
export function contentDirection(text: string, interfaceRtl: boolean): 'ltr' | 'rtl' {
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) return 'rtl';
    if (/\p{L}/u.test(ch)) return 'ltr';
  }
  return interfaceRtl ? 'rtl' : 'ltr';
}

export interface TextBlockOptions {
  text: string;
  /** BCP 47 language of the text: picks RTL and the CJK font variant. */
  lang: string;
  /** Block width in layout pixels; the canvas is `pixelRatio` times larger. */
  width: number;
  /** Font size in layout pixels. */
  fontSize: number;
  /** CSS colour. */
  color: string;
  maxLines?: number;
  fontWeight?: number;
  /** Line height as a multiple of the font size (room for Thai and Vietnamese marks above and below). */
  lineHeight?: number;
  align?: 'start' | 'center';
  /** Canvas pixels per layout pixel: 2 keeps text sharp at arm's length in a headset. */
  pixelRatio?: number;
}

/**
 * Draws a wrapped text block on a transparent canvas, `width * pixelRatio` wide and as tall as its lines.
 * Arabic (and other RTL languages) is drawn right-aligned with direction 'rtl'; shaping is the browser's.
 * The block's layout height is `canvas.height / pixelRatio`.
 */
export function renderTextBlock(options: TextBlockOptions): HTMLCanvasElement {
  const { text, lang, width, fontSize, color, maxLines = Infinity, fontWeight = 400, lineHeight = 1.45, align = 'start', pixelRatio = 2 } = options;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  const font = `${fontWeight} ${fontSize * pixelRatio}px ${fontStack(lang)}`;
  // Blocks line up with the interface (right-aligned in Arabic), but each text keeps its own direction: an
  // owner's English description in an Arabic interface must not get its full stop moved to the front.
  const rtl = isRtl(lang);
  const setup = () => {
    ctx.font = font;
    ctx.direction = contentDirection(text, rtl);
    // Chrome picks regional Han glyphs (and line metrics) from the context's language where supported.
    (ctx as CanvasRenderingContext2D & { lang?: string }).lang = lang;
  };
  setup();
  const maxWidth = width * pixelRatio;
  const lines = wrapText(text, maxWidth, (s) => ctx.measureText(s).width, maxLines, lang);
  const step = fontSize * lineHeight * pixelRatio;
  canvas.width = Math.ceil(maxWidth);
  canvas.height = Math.max(1, Math.ceil(step * lines.length));
  setup(); // resizing a canvas resets its state
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.textAlign = align === 'center' ? 'center' : rtl ? 'right' : 'left';
  const x = align === 'center' ? maxWidth / 2 : rtl ? maxWidth : 0;
  lines.forEach((line, i) => ctx.fillText(line, x, step * (i + 0.5)));
  return canvas;
}
