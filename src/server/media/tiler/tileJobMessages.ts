import type { TileManifest } from '../../../protocol/tiles.ts';
import type { TileProgress } from './progress.ts';
import type { TileInput, TileLimits } from './tileInput.ts';
import type { TileInputErrorCode } from './tileInputError.ts';

/** What runTileJob hands its worker (structured-clone safe). */
export interface TileJobData {
  tsEntry: string;
  input: TileInput;
  outDir: string;
  limits: Partial<TileLimits> | undefined;
}

/** Worker -> parent. Errors travel as plain data and are re-created on the parent's side. */
export type TileJobMessage =
  | { type: 'progress'; progress: TileProgress }
  | { type: 'done'; manifest: TileManifest }
  | { type: 'error'; error: { message: string; code?: TileInputErrorCode | undefined; stack?: string | undefined } };
