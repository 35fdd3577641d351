import { create } from 'qrcode';

/**
 * The dark and light modules of a QR code (error correction M: readable with a quarter of the symbol smudged or
 * covered), row by row, from the qrcode package; null when the text is too long for any symbol. The share panel, its
 * in-world twin and the favourites PDF all draw from this, so every code Atrium shows reads the same way.
 */
export function qrModules(text: string): boolean[][] | null {
  let symbol;
  try {
    symbol = create(text, { errorCorrectionLevel: 'M' });
  } catch {
    return null;
  }
  const { size, data } = symbol.modules;
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => data[y * size + x] === 1));
}
