import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalMediaStorage } from './localMediaStorage.ts';
import type { MediaStorage } from './mediaStorage.ts';
import { S3MediaStorage } from './s3MediaStorage.ts';

/** The store the configuration names: object storage when S3 is configured, else DATA_DIR/media. */
export function openMediaStorage(config: Pick<Config, 'mediaDir' | 'dataDir' | 's3'>): MediaStorage {
  // Tile sets bound for object storage are staged on local disk first (the tiler writes files).
  return config.s3 ? new S3MediaStorage(config.s3, path.join(config.dataDir, 'staging')) : new LocalMediaStorage(config.mediaDir);
}
