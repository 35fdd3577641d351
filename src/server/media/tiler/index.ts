// The tiler's public surface; everything else in this folder is internal.
export { tilePanorama, type TilePanoramaOptions } from './tilePanorama.ts';
export { createTileJobQueue, runTileJob, setTileJobConcurrency, type TileJobQueue } from './runTileJob.ts';
export { openGlFacesToCube } from './openGlFaces.ts';
export { TileInputError, type TileInputErrorCode } from './tileInputError.ts';
export { DEFAULT_TILE_LIMITS, type CubeFaceFile, type TileInput, type TileLimits } from './tileInput.ts';
export type { TileProgress, TileProgressListener, TileStage } from './progress.ts';
