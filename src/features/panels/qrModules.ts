import { create } from 'qrcode';

/**
 * The dark and light modules of a QR code for a share link (error correction M: readable with a quarter of the
 * symbol smudged or covered), row by row, from the qrcode package; null when the text is too long for any symbol.
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
