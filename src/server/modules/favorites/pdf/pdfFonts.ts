// The faces the PDF embeds, read from the machine's Debian font packages (fonts-noto-core, fonts-droid-fallback,
// fonts-nanum; .ci/run installs them). jsPDF embeds TrueType only (not the CFF outlines of fonts-noto-cjk) and keeps
// just the glyphs a document uses, so a PDF stays small whatever the face's size.
import fs from 'node:fs';
import type { PdfScript } from './pdfScripts.ts';

const NOTO = '/usr/share/fonts/truetype/noto';
export const PDF_FONT_FILES: Record<PdfScript, string> = {
  latin: `${NOTO}/NotoSans-Regular.ttf`,
  arabic: `${NOTO}/NotoSansArabic-Regular.ttf`,
  thai: `${NOTO}/NotoSansThai-Regular.ttf`,
  korean: '/usr/share/fonts/truetype/nanum/NanumGothic.ttf',
  cjk: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
};

const cache = new Map<PdfScript, string>();

/** The face as base64 (what jsPDF's virtual file system takes), read once per process; null when not installed. */
export function fontData(script: PdfScript): string | null {
  const hit = cache.get(script);
  if (hit !== undefined) return hit;
  try {
    const data = fs.readFileSync(PDF_FONT_FILES[script]).toString('base64');
    cache.set(script, data);
    return data;
  } catch {
    return null;
  }
}
