import { MANIFEST_FILE } from '../../../protocol/tileNames.ts';

/** What the tiler writes into a panorama's folder, relative to it (the manifest lists the same names). */
export const OUTPUT_FILES = {
  manifest: MANIFEST_FILE,
  adjustedRaw: 'adjusted.jpg',
  desktop: 'desktop.jpg',
  preview: 'preview.jpg',
  thumbnail: 'thumb.jpg',
  firstView: 'first-view.jpg',
  tilesDir: 'tiles',
} as const;

export const TILE_URL = 'tiles/{level}/{face}/{y}_{x}.jpg';
export const TILE_QUALITY = 80;
export const THUMBNAIL_SIZE = 256;
export const THUMBNAIL_QUALITY = 80;
/** Six faces of this size side by side: about 60 KB, painted from one request before any tile arrives. */
export const FIRST_VIEW_FACE_SIZE = 256;
export const FIRST_VIEW_QUALITY = 70;
