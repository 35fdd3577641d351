// Benchmark: the favourites PDF of 20 favourites with photos (issue 15: "takes seconds, not minutes, on a phone", and
// stays small). Built on the server, so this is the server's time. Three documents in the same run:
//   full       photos, QR codes and links (what a visitor downloads)
//   no QR      the same without QR codes (the document before they were added)
//   text only  neither photos nor QR codes (the baseline: fonts, text and layout alone)
// Each in English and Arabic (the Arabic one cut into bidi runs). Run: npm run bench:favourites-pdf
import sharp from 'sharp';
import { buildFavoritesPdf, type PdfEntry, type PdfImage } from '../../src/server/modules/favorites/pdf/favoritesPdf.ts';
import { pdfWords } from '../../src/server/modules/favorites/pdf/pdfWords.ts';

const RUNS = 5;

const TEXT = {
  en: { title: 'Terrace table, solid oak', description: 'Seats six. Oiled oak, made to order in four weeks.', note: 'For the hall, ask about blue fabric', tour: 'Harbour House', price: '€ 680' },
  ar: { title: 'طاولة الشرفة من خشب البلوط', description: 'تتسع لستة أشخاص. خشب بلوط Oak مزيّت، يُصنع حسب الطلب خلال 4 أسابيع.', note: 'للصالة، اسأل عن القماش الأزرق', tour: 'بيت الميناء', price: 'السعر 680 €' },
};

/** A photograph-like JPEG at the size favoritesExport.ts makes (gradients and noise compress like a photo). */
async function photo(seed: number): Promise<PdfImage> {
  const width = 320;
  const height = 240;
  const raw = Buffer.alloc(width * height * 3);
  let r = seed * 7919 + 1;
  const noise = () => ((r = (r * 1103515245 + 12345) & 0x7fffffff) % 30);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i * 3] = (seed * 37 + x / 2 + noise()) & 255;
    raw[i * 3 + 1] = (y + noise()) & 255;
    raw[i * 3 + 2] = (seed * 111 + (x + y) / 4) & 255;
  }
  const data = await sharp(raw, { raw: { width, height, channels: 3 } }).resize(240, 180).jpeg({ quality: 70 }).toBuffer();
  return { data: new Uint8Array(data), width: 240, height: 180 };
}

function build(lang: 'en' | 'ar', images: PdfImage[] | null, qrCodes: boolean): { ms: number; bytes: number } {
  const t = TEXT[lang];
  const words = pdfWords(lang, new Date('2026-11-26T12:00:00Z'));
  const entry = (i: number): PdfEntry => ({
    title: `${t.title} ${i + 1}`, detail: t.price, description: t.description, note: i % 2 === 0 ? t.note : '',
    image: images?.[i] ?? null, link: `https://atrium.example/harbour-house?panorama=p${i + 1}`,
  });
  const started = performance.now();
  const pdf = buildFavoritesPdf({
    rtl: words.rtl, words, tourName: t.tour, logo: images?.[0] ?? null, qrCodes,
    groups: [
      { label: words.category('marker'), entries: Array.from({ length: 14 }, (_, i) => entry(i)) },
      { label: words.category('panorama'), entries: Array.from({ length: 6 }, (_, i) => entry(14 + i)) },
    ],
  });
  return { ms: performance.now() - started, bytes: pdf.byteLength };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const images = await Promise.all(Array.from({ length: 20 }, (_, i) => photo(i)));
const photoBytes = images.reduce((sum, i) => sum + i.data.byteLength, 0);
console.log(`favourites PDF, 20 favourites; photos ${(photoBytes / 1024).toFixed(0)} KB of JPEG in all; median of ${RUNS} runs`);
console.log(`${'document'.padEnd(22)}${'size'.padStart(10)}${'build'.padStart(10)}`);
for (const lang of ['en', 'ar'] as const) {
  build(lang, images, true); // the first build reads and parses the fonts: not what a visitor's export costs
  for (const [name, withPhotos, qr] of [['full', true, true], ['no QR', true, false], ['text only', false, false]] as const) {
    const runs = Array.from({ length: RUNS }, () => build(lang, withPhotos ? images : null, qr));
    const row = `${lang} ${name}`.padEnd(22);
    console.log(`${row}${`${(runs[0]!.bytes / 1024).toFixed(0)} KB`.padStart(10)}${`${median(runs.map((r) => r.ms)).toFixed(0)} ms`.padStart(10)}`);
  }
}
