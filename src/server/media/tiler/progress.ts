/**
 * Progress of one tiling job. `done` and `total` count within the stage (tiles written out of all
 * tiles, faces projected out of six, ...). Stages overlap: tiles of one face are written while the
 * next face is projected.
 */
export type TileStage = 'validate' | 'decode' | 'reproject' | 'tiles' | 'images' | 'publish';

export interface TileProgress {
  stage: TileStage;
  done: number;
  total: number;
}

export type TileProgressListener = (progress: TileProgress) => void;

/** Reports `stage` at 0 of `total` now and returns a function that reports one more done per call. */
export function stageCounter(listener: TileProgressListener | undefined, stage: TileStage, total: number): () => void {
  let done = 0;
  listener?.({ stage, done, total });
  return () => {
    done += 1;
    listener?.({ stage, done, total });
  };
}
