// Fetch + decode for the texture worker, kept free of worker globals so it can be unit-tested in Node.

export interface DecodeRequest {
  /** Caller-chosen id, used by cancel(). */
  id: number;
  /** Absolute URL (a worker resolves relative URLs against its own script, not the page). */
  url: string;
  /** Bake a vertical flip into the bitmap: WebGL ignores UNPACK_FLIP_Y for ImageBitmaps. */
  flipY: boolean;
  /** Scale down so neither side exceeds this (GPU MAX_TEXTURE_SIZE for single-image panoramas). */
  maxSize?: number;
}

export interface DecodedImage {
  bitmap: ImageBitmap;
  width: number;
  height: number;
  /** Size of the encoded file, for transfer statistics. */
  encodedBytes: number;
}

export interface DecoderDeps {
  fetch: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  createImageBitmap: {
    (image: ImageBitmapSource, options?: ImageBitmapOptions): Promise<ImageBitmap>;
  };
}

export class DecodeAbortedError extends Error {
  constructor(url: string) {
    super(`decode aborted: ${url}`);
    this.name = 'AbortError';
  }
}

export function createImageDecoder(deps: DecoderDeps) {
  const controllers = new Map<number, AbortController>();

  async function decode(request: DecodeRequest): Promise<DecodedImage> {
    const controller = new AbortController();
    controllers.set(request.id, controller);
    const { signal } = controller;
    try {
      const response = await deps.fetch(request.url, { signal });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${request.url}`);
      const blob = await response.blob();
      if (signal.aborted) throw new DecodeAbortedError(request.url);
      // premultiplyAlpha/colorSpaceConversion 'none': upload the bytes as stored; three.js applies the
      // texture's colour space itself. createImageBitmap cannot be aborted, so we check afterwards.
      let bitmap = await deps.createImageBitmap(blob, {
        imageOrientation: request.flipY ? 'flipY' : 'from-image',
        premultiplyAlpha: 'none',
        colorSpaceConversion: 'none',
      });
      const max = request.maxSize;
      if (max && (bitmap.width > max || bitmap.height > max)) {
        const scale = max / Math.max(bitmap.width, bitmap.height);
        const resized = await deps.createImageBitmap(bitmap, {
          resizeWidth: Math.max(1, Math.floor(bitmap.width * scale)),
          resizeHeight: Math.max(1, Math.floor(bitmap.height * scale)),
          resizeQuality: 'high',
          premultiplyAlpha: 'none',
          colorSpaceConversion: 'none',
        });
        bitmap.close();
        bitmap = resized;
      }
      if (signal.aborted) {
        bitmap.close();
        throw new DecodeAbortedError(request.url);
      }
      return { bitmap, width: bitmap.width, height: bitmap.height, encodedBytes: blob.size };
    } catch (error) {
      if (signal.aborted) throw new DecodeAbortedError(request.url);
      throw error;
    } finally {
      controllers.delete(request.id);
    }
  }

  function cancel(id: number): void {
    controllers.get(id)?.abort();
  }

  return { decode, cancel, get pending() { return controllers.size; } };
}
