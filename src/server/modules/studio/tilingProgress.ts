import type { TileProgress, TileStage } from '../../media/tiler/index.ts';

/** Rough share of a tiling job's time per stage (8K panorama on two cores); stages overlap, so progress only grows. */
const STAGES: Array<[TileStage, number]> = [
  ['validate', 0.02], ['decode', 0.13], ['reproject', 0.3], ['tiles', 0.35], ['images', 0.15], ['publish', 0.05],
];

/** Turns the tiler's per-stage counts into one fraction 0..1 that never goes back. */
export function progressTracker(): (p: TileProgress) => number {
  let best = 0;
  return (p) => {
    let before = 0;
    for (const [stage, share] of STAGES) {
      if (stage === p.stage) {
        const within = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
        best = Math.max(best, Math.min(0.99, before + share * within));
        break;
      }
      before += share;
    }
    return best;
  };
}
