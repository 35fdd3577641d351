import type { TileManifest } from '../../protocol/tiles.ts';
import type { MediaStorage } from './mediaStorage.ts';

/**
 * Runs the tiler into the store's staging place for `relative` and publishes the result there: the tile set appears
 * whole under `relative` when this resolves, and nothing of it stays behind when it rejects. Callers write the row
 * that names the set only afterwards (that row is what lets readers find, and the gate serve, any of its files).
 */
export async function publishTileSet(storage: MediaStorage, relative: string, tile: (outDir: string) => Promise<TileManifest>): Promise<TileManifest> {
  const stage = await storage.stageTileSet(relative);
  let manifest: TileManifest;
  try {
    manifest = await tile(stage.dir);
  } catch (error) {
    // The local tiler removes its own partial folder; a staged copy for object storage goes here.
    if (storage.kind !== 'local') await stage.discard().catch(() => undefined);
    throw error;
  }
  await stage.publish();
  return manifest;
}
