// The favourites PDF: a shortlist that reads right in every interface language. Drawn with jsPDF (already the
// project's PDF library) on the server, where the fonts are: each string with the face of its script (pdfScripts.ts),
// subsets embedded, streams compressed. Pure layout: the caller hands in translated words, photos as JPEG bytes.
import { jsPDF } from 'jspdf';
import { bidiRuns } from './pdfBidi.ts';
import { fontData } from './pdfFonts.ts';
import { qrRuns } from './pdfQr.ts';
import { liftThaiTones, scriptOf, type PdfScript } from './pdfScripts.ts';

export interface PdfImage { data: Uint8Array; width: number; height: number }

export interface PdfEntry {
  title: string;
  detail: string | null;
  description: string;
  note: string;
  image: PdfImage | null;
  link: string | null;
}

export interface PdfInput {
  rtl: boolean;
  words: { heading: string; madeOn: string; note: string; open: string; page: (n: number, total: number) => string };
  tourName: string;
  logo: PdfImage | null;
  groups: { label: string; entries: PdfEntry[] }[];
  /** false only to measure the document without them (tests/bench/favouritesPdf.bench.ts). */
  qrCodes?: boolean;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const PHOTO = { width: 120, height: 90 };
// 64 pt is about 23 mm: a 33-module code then has modules of 0.7 mm, which phone cameras read from paper.
const QR = 64;
const QR_GAP = 12;
const LINE = 1.4;
const INK = [30, 30, 30] as const;
const MUTED = [95, 95, 95] as const;
const LINK = [26, 86, 200] as const;

type Align = 'left' | 'right' | 'center';
const THAI_RUN = /^[\u0E00-\u0E7F]+$/;
// What Droid Sans Fallback lacks: Basic Latin (but the space, which it has), Latin-1, Latin Extended, general
// punctuation and currency signs.
const LATIN_RUN = /([\u0021-\u024F\u2010-\u206F\u20A0-\u20CF]+)/u;
const LATIN_ONLY = /^[\u0021-\u024F\u2010-\u206F\u20A0-\u20CF]+$/u;

class Writer {
  private readonly faces = new Set<PdfScript>();
  constructor(readonly doc: jsPDF) {}

  /** Registers a script's face on first use, so a document embeds only the faces its text needs. */
  face(script: PdfScript): void {
    if (!this.faces.has(script)) {
      const data = fontData(script) ?? (script === 'latin' ? null : fontData('latin'));
      if (!data) {
        this.doc.setFont('helvetica', 'normal');
        return;
      }
      this.doc.addFileToVFS(`${script}.ttf`, data);
      this.doc.addFont(`${script}.ttf`, script, 'normal');
      this.faces.add(script);
    }
    this.doc.setFont(script, 'normal');
  }

  wrap(text: string, size: number, width: number, maxLines = Infinity): string[] {
    if (!text.trim()) return [];
    this.face(scriptOf(text));
    this.doc.setFontSize(size);
    const lines = text.split(/\r?\n/).flatMap((p) => this.doc.splitTextToSize(p, width) as string[]);
    return lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]!.replace(/.$/u, '')}…`] : lines;
  }

  line(text: string, x: number, y: number, size: number, align: Align, color: readonly [number, number, number] = INK): void {
    const script = scriptOf(text);
    this.face(script);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
    if (script === 'arabic') {
      this.arabicLine(text, x, y, align);
      return;
    }
    if (script === 'cjk') {
      this.cjkLine(text, x, y, align);
      return;
    }
    if (script !== 'thai') {
      this.doc.text(text, x, y, { align });
      return;
    }
    // Noto Sans Thai has Thai letters only: digits and Latin in a Thai line are drawn with the Latin face, run by run
    // (Thai is left to right, so the runs follow each other).
    const runs = text.split(/([\u0E00-\u0E7F]+)/).filter(Boolean);
    const widthOf = (run: string) => {
      this.face(THAI_RUN.test(run) ? 'thai' : 'latin');
      return this.doc.getTextWidth(run);
    };
    let at = this.startOf(runs.reduce((sum, r) => sum + widthOf(r), 0), x, align);
    for (const run of runs) {
      const thai = THAI_RUN.test(run);
      this.face(thai ? 'thai' : 'latin');
      if (!thai) {
        this.doc.text(run, at, y);
        at += this.doc.getTextWidth(run);
        continue;
      }
      const { base, lifted } = liftThaiTones(run);
      this.doc.text(base, at, y);
      // Raised by the height an upper vowel takes, at the advance of the text before it (the marks have no advance).
      for (const l of lifted) this.doc.text(l.mark, at + this.doc.getTextWidth(l.before), y - size * 0.24);
      at += this.doc.getTextWidth(base);
    }
  }

  /**
   * Droid Sans Fallback (the Chinese and Japanese face) has no Latin letters, digits or euro sign: drawn with it, a
   * price, a number or a date's digits came out as nothing. Those runs are drawn with the Latin face (CJK lines run
   * left to right, so the runs follow each other).
   */
  private cjkLine(text: string, x: number, y: number, align: Align): void {
    const runs = text.split(LATIN_RUN).filter(Boolean);
    const faceOf = (run: string): PdfScript => (LATIN_ONLY.test(run) ? 'latin' : 'cjk');
    const widthOf = (run: string) => {
      this.face(faceOf(run));
      return this.doc.getTextWidth(run);
    };
    let at = this.startOf(runs.reduce((sum, r) => sum + widthOf(r), 0), x, align);
    for (const run of runs) {
      const width = widthOf(run);
      this.doc.text(run, at, y);
      at += width;
    }
  }

  private startOf(width: number, x: number, align: Align): number {
    return align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
  }

  /** An Arabic line, run by run in bidi order, each with a face that has its characters (pdfBidi.ts). */
  private arabicLine(text: string, x: number, y: number, align: Align): void {
    const runs = bidiRuns(text);
    const widthOf = (face: 'arabic' | 'latin', run: string) => {
      this.face(face);
      return this.doc.getTextWidth(run);
    };
    let at = this.startOf(runs.reduce((sum, r) => sum + widthOf(r.face, r.text), 0), x, align);
    for (const run of runs) {
      const width = widthOf(run.face, run.text);
      this.doc.text(run.text, at, y);
      at += width;
    }
  }

  /** Draws wrapped lines from the top y and answers the y below them. */
  lines(lines: readonly string[], x: number, y: number, size: number, align: Align, color?: readonly [number, number, number]): number {
    let at = y;
    for (const l of lines) {
      at += size;
      this.line(l, x, at, size, align, color);
      at += size * (LINE - 1);
    }
    return at;
  }
}

const linesHeight = (count: number, size: number) => count * size * LINE;

/** The favourite's address as a QR code (and a link where it is clicked on a screen). */
function drawQr(doc: jsPDF, url: string, x: number, y: number): void {
  const qr = qrRuns(url);
  if (!qr) return;
  const module = QR / qr.size;
  doc.setFillColor(0, 0, 0);
  // A hair wider than the module, so neighbouring rows do not leave hairline gaps in some viewers.
  for (const r of qr.runs) doc.rect(x + r.x * module, y + r.y * module, r.length * module, r.height * module + 0.05, 'F');
  doc.link(x, y, QR, QR, { url });
}

export function buildFavoritesPdf(input: PdfInput): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
  const w = new Writer(doc);
  const { margin } = PAGE;
  const start: Align = input.rtl ? 'right' : 'left';
  const startX = input.rtl ? PAGE.width - margin : margin;
  const contentWidth = PAGE.width - 2 * margin;

  // The cover: logo, the tour's name, the heading and the date.
  let y = 140;
  if (input.logo) {
    const h = 64;
    const lw = Math.min(200, (input.logo.width / input.logo.height) * h);
    doc.addImage(input.logo.data, 'JPEG', (PAGE.width - lw) / 2, y - 80, lw, h);
    y += 20;
  }
  y = w.lines(w.wrap(input.tourName, 26, contentWidth, 3), PAGE.width / 2, y, 26, 'center');
  y = w.lines([input.words.heading], PAGE.width / 2, y + 16, 18, 'center', MUTED);
  w.lines([input.words.madeOn], PAGE.width / 2, y + 8, 11, 'center', MUTED);

  // The favourites, grouped by category, each with its photo, name, price, description, the visitor's note and link.
  doc.addPage();
  y = margin;
  const qrCodes = input.qrCodes !== false;
  const textWidth = contentWidth - PHOTO.width - 16 - (qrCodes ? QR + QR_GAP : 0);
  const textX = input.rtl ? PAGE.width - margin - PHOTO.width - 16 : margin + PHOTO.width + 16;
  const qrX = input.rtl ? margin : PAGE.width - margin - QR;
  const photoX = input.rtl ? PAGE.width - margin - PHOTO.width : margin;
  const room = (h: number) => {
    if (y + h <= PAGE.height - margin - 20) return;
    doc.addPage();
    y = margin;
  };
  for (const group of input.groups) {
    room(40 + PHOTO.height);
    y = w.lines([group.label], startX, y, 15, start);
    doc.setDrawColor(200, 200, 200);
    doc.line(margin, y + 2, PAGE.width - margin, y + 2);
    y += 12;
    for (const e of group.entries) {
      const title = w.wrap(e.title, 13, textWidth, 2);
      const detail = e.detail ? w.wrap(e.detail, 11, textWidth, 1) : [];
      const description = w.wrap(e.description, 9.5, textWidth, 4);
      const note = e.note ? w.wrap(e.note, 10, textWidth, 8) : [];
      const textHeight = linesHeight(title.length, 13) + linesHeight(detail.length, 11) + linesHeight(description.length, 9.5)
        + (note.length ? linesHeight(1, 9) + linesHeight(note.length, 10) + 4 : 0) + (e.link ? linesHeight(1, 9) + 2 : 0);
      const height = Math.max(PHOTO.height, textHeight) + 16;
      room(height);
      const top = y;
      if (e.image) doc.addImage(e.image.data, 'JPEG', photoX, top, PHOTO.width, PHOTO.height, undefined, 'FAST');
      let ty = w.lines(title, textX, top - 3, 13, start);
      ty = w.lines(detail, textX, ty, 11, start, MUTED);
      ty = w.lines(description, textX, ty, 9.5, start);
      if (note.length) {
        ty = w.lines([input.words.note], textX, ty + 4, 9, start, MUTED);
        ty = w.lines(note, textX, ty, 10, start);
      }
      if (e.link) {
        const linkTop = ty + 2;
        ty = w.lines([input.words.open], textX, linkTop, 9, start, LINK);
        const lw = doc.getTextWidth(input.words.open);
        doc.link(input.rtl ? textX - lw : textX, linkTop, lw, ty - linkTop, { url: e.link });
        if (e.image) doc.link(photoX, top, PHOTO.width, PHOTO.height, { url: e.link });
        if (qrCodes) drawQr(doc, e.link, qrX, top);
      }
      y = top + height;
    }
    y += 8;
  }

  // Page numbers on every page, the cover included.
  const total = doc.getNumberOfPages();
  for (let n = 1; n <= total; n++) {
    doc.setPage(n);
    w.line(input.words.page(n, total), PAGE.width / 2, PAGE.height - 24, 9, 'center', MUTED);
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
