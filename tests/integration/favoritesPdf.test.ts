// The favourites PDF in the scripts that break naive PDF writers: Latin, Arabic (joined, right to left), Japanese,
// traditional Chinese, Thai. Each is rendered back with poppler: text extraction for the Latin one, and every page as
// PNG under test-results/pdf/ to look at. Sizes and build times are printed (20 favourites with photos each).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildFavoritesPdf, type PdfEntry, type PdfImage } from '../../src/server/modules/favorites/pdf/favoritesPdf.ts';
import { pdfWords } from '../../src/server/modules/favorites/pdf/pdfWords.ts';

const OUT = path.resolve('test-results/pdf');
const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const SAMPLES: Record<string, { title: string; description: string; note: string; tour: string }> = {
  en: { title: 'Terrace table, solid oak', description: 'Seats six. Oiled oak, made to order in four weeks.', note: 'For the hall, ask about blue fabric', tour: 'Harbour House' },
  ar: { title: 'طاولة الشرفة من خشب البلوط', description: 'تتسع لستة أشخاص. خشب بلوط مزيّت، يُصنع حسب الطلب خلال أربعة أسابيع.', note: 'للصالة، اسأل عن القماش الأزرق', tour: 'بيت الميناء' },
  ja: { title: 'テラステーブル（無垢オーク）', description: '6人掛け。オイル仕上げのオーク材、受注生産で4週間。', note: '玄関用。青い布地について聞く', tour: 'ハーバーハウス' },
  'zh-TW': { title: '露台餐桌，實心橡木', description: '可坐六人。油蠟橡木，訂製約四週。', note: '放在玄關，詢問藍色布料', tour: '港灣之家' },
  th: { title: 'โต๊ะระเบียงไม้โอ๊กแท้', description: 'นั่งได้หกคน ไม้โอ๊กลงน้ำมัน สั่งทำภายในสี่สัปดาห์ ที่นี่มีให้เลือก', note: 'สำหรับห้องโถง ถามเรื่องผ้าสีน้ำเงินที่นี่', tour: 'บ้านริมท่าเรือ' },
};

async function photo(hue: number): Promise<PdfImage> {
  // A photograph-like picture (gradients and noise compress like a photo, unlike a flat colour).
  const width = 320;
  const height = 240;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i * 3] = (hue + x / 2 + Math.random() * 30) & 255;
    raw[i * 3 + 1] = (y + Math.random() * 30) & 255;
    raw[i * 3 + 2] = (hue * 3 + (x + y) / 4) & 255;
  }
  const data = await sharp(raw, { raw: { width, height, channels: 3 } }).resize(240, 180).jpeg({ quality: 70 }).toBuffer();
  return { data: new Uint8Array(data), width: 240, height: 180 };
}

async function logo(): Promise<PdfImage> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#1a56c8"/>'
    + '<circle cx="50" cy="50" r="30" fill="#fff"/></svg>';
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { data: new Uint8Array(data), width: 300, height: 100 };
}

const has = (tool: string, arg: string) => {
  try {
    execFileSync(tool, [arg], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('the favourites PDF reads right in every script', () => {
  it.each(Object.keys(SAMPLES))('%s: 20 favourites with photos and notes, rendered back', async (lang) => {
    const s = SAMPLES[lang]!;
    const words = pdfWords(lang, new Date('2026-11-25T12:00:00Z'));
    const images = await Promise.all(Array.from({ length: 20 }, (_, i) => photo(i * 37)));
    const entry = (i: number): PdfEntry => ({
      title: `${s.title} ${i + 1}`, detail: '€ 680', description: s.description, note: i % 2 === 0 ? s.note : '', image: images[i]!,
      link: `https://atrium.example/tour?panorama=${i}`,
    });
    const started = performance.now();
    const pdf = buildFavoritesPdf({
      rtl: words.rtl,
      words,
      tourName: s.tour,
      logo: await logo(),
      groups: [
        { label: words.category('marker'), entries: Array.from({ length: 14 }, (_, i) => entry(i)) },
        { label: words.category('panorama'), entries: Array.from({ length: 6 }, (_, i) => entry(14 + i)) },
      ],
    });
    const ms = performance.now() - started;
    fs.mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, `favourites-${lang}.pdf`);
    fs.writeFileSync(file, pdf);
    console.log(`favourites PDF ${lang}: 20 favourites with photos, ${(pdf.byteLength / 1024).toFixed(0)} KB, built in ${ms.toFixed(0)} ms`);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdf.byteLength).toBeLessThan(1024 * 1024);
    if (!hasPoppler) {
      console.warn('pdftoppm/pdftotext (poppler-utils) missing: the PDF is not rendered back');
      return;
    }
    execFileSync('pdftoppm', ['-r', '70', '-png', '-f', '1', '-l', '2', file, path.join(OUT, `favourites-${lang}`)]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (lang === 'ja' || lang === 'zh-TW') {
      // Droid Sans Fallback has no digits or Latin letters: before the Latin runs were drawn apart, the cover's date,
      // the page numbers and "6人掛け" came out as nothing.
      expect(text).toContain('2026');
      expect(text).toMatch(lang === 'ja' ? /1 \/ 5/ : /第 1 頁/);
      if (lang === 'ja') expect(text).toContain('6人掛け');
    }
    if (lang === 'en') {
      expect(text).toContain('Harbour House');
      expect(text).toContain('Terrace table, solid oak 20');
      expect(text).toContain('For the hall, ask about blue fabric');
      expect(text).toContain('Page 1 of');
    }
  }, 60_000);

  it('keeps the euro sign, Latin words and digits inside an Arabic line, and each QR code reads back as its link', () => {
    const words = pdfWords('ar', new Date('2026-11-25T12:00:00Z'));
    const entry = (i: number): PdfEntry => ({
      title: `طاولة الشرفة ${680 + i} €`, detail: 'السعر 680 EUR', description: 'خشب البلوط Oak، عرض 2 م', note: '', image: null,
      link: `http://127.0.0.1:4116/demo-tour?panorama=p${i}`,
    });
    const pdf = buildFavoritesPdf({ rtl: true, words, tourName: 'بيت الميناء', logo: null, groups: [{ label: words.category('marker'), entries: [entry(1), entry(2)] }] });
    fs.mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, 'favourites-ar-mixed.pdf');
    fs.writeFileSync(file, pdf);
    if (!hasPoppler) {
      console.warn('pdftotext (poppler-utils) missing: the mixed Arabic PDF is not read back');
      return;
    }
    // Before each run had a face with its characters, Noto Sans Arabic drew "€", "EUR" and "Oak" as nothing.
    const text = execFileSync('pdftotext', ['-f', '2', '-l', '2', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('€ 681');
    expect(text).toContain('EUR 680');
    expect(text).toContain('Oak');
    execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '2', '-l', '2', file, path.join(OUT, 'favourites-ar-mixed')]);
    if (!has('zbarimg', '--version')) {
      console.warn('zbarimg (zbar-tools) missing: the QR codes are not read back');
      return;
    }
    const page = fs.readdirSync(OUT).find((f) => f.startsWith('favourites-ar-mixed') && f.endsWith('.png'))!;
    const codes = execFileSync('zbarimg', ['-q', '--raw', path.join(OUT, page)], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(codes).toEqual(['http://127.0.0.1:4116/demo-tour?panorama=p1', 'http://127.0.0.1:4116/demo-tour?panorama=p2']);
  }, 60_000);
});
