// The QR code beside each favourite, drawn as vector squares: a phone camera reads it from paper or a screen, and it
// weighs a few hundred bytes, where a picture of it would be a few kilobytes per favourite.
import { qrModules } from '../../../../protocol/qrModules.ts';

export interface QrRuns {
  /** Modules per side. */
  size: number;
  /**
   * Dark modules as rectangles (in modules): runs along each row, a run stacked on an identical one in the row above
   * joined to it. Fewer rectangles keep the page stream short (about a third fewer than one per row run).
   */
  runs: { x: number; y: number; length: number; height: number }[];
}

/** The same symbol as the share panel's (qrModules); null when the address is too long. */
export function qrRuns(text: string): QrRuns | null {
  const modules = qrModules(text);
  if (!modules) return null;
  const size = modules.length;
  const runs: QrRuns['runs'] = [];
  // The run that ends at each (x, length) on the row above, to stack onto.
  let above = new Map<string, QrRuns['runs'][number]>();
  for (let y = 0; y < size; y++) {
    const row = new Map<string, QrRuns['runs'][number]>();
    for (let x = 0; x < size;) {
      if (!modules[y]![x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[y]![x]) x++;
      const key = `${start}:${x - start}`;
      const stacked = above.get(key);
      if (stacked) {
        stacked.height++;
        row.set(key, stacked);
      } else {
        const run = { x: start, y, length: x - start, height: 1 };
        runs.push(run);
        row.set(key, run);
      }
    }
    above = row;
  }
  return { size, runs };
}
