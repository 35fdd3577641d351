import path from 'node:path';

/**
 * Content types of what Atrium stores (tiles, pictures, audio, PDFs, manifests), by extension: object storage keeps
 * the type given at upload and answers with it, so it is set when a file is written, not guessed when read.
 */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif',
  '.avif': 'image/avif', '.svg': 'image/svg+xml', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.heic': 'image/heic',
  '.json': 'application/json', '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.wav': 'audio/wav', '.webm': 'video/webm',
  '.mp4': 'video/mp4', '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.glb': 'model/gltf-binary',
};

export function contentTypeOf(relative: string): string {
  return TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream';
}
