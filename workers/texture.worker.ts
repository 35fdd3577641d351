// Texture worker: fetch + createImageBitmap off the main thread, bitmap transferred (not copied) back.
import * as Comlink from 'comlink';
import { createImageDecoder, type DecodeRequest } from './imageDecoder.ts';

const decoder = createImageDecoder({
  fetch: (url, init) => fetch(url, init),
  createImageBitmap: (image, options) => createImageBitmap(image, options),
});

const api = {
  async decode(request: DecodeRequest) {
    const decoded = await decoder.decode(request);
    return Comlink.transfer(decoded, [decoded.bitmap]);
  },
  cancel(id: number) {
    decoder.cancel(id);
  },
};

export type TextureWorkerApi = typeof api;

Comlink.expose(api);
