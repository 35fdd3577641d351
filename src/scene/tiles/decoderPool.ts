import * as Comlink from 'comlink';
import type { DecodedImage } from '../../../workers/imageDecoder.ts';
import type { TextureWorkerApi } from '../../../workers/texture.worker.ts';

export interface DecodeOptions {
  flipY: boolean;
  maxSize?: number;
  signal?: AbortSignal;
}

interface Slot {
  worker: Worker;
  remote: Comlink.Remote<TextureWorkerApi>;
  pending: number;
}

/**
 * A few texture workers behind one decode() call. Two workers keep a 2-core phone responsive: one decodes
 * while the other fetches. Vite only bundles the worker when `new Worker(new URL(...), { type: 'module' })`
 * is written inline like below.
 */
export class DecoderPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private disposed = false;

  constructor(size = 2, createWorker: () => Worker = () => new Worker(new URL('../../../workers/texture.worker.ts', import.meta.url), { type: 'module' })) {
    for (let i = 0; i < size; i++) {
      const worker = createWorker();
      this.slots.push({ worker, remote: Comlink.wrap<TextureWorkerApi>(worker), pending: 0 });
    }
  }

  async decode(url: string, options: DecodeOptions): Promise<DecodedImage> {
    if (this.disposed) throw new Error('DecoderPool disposed');
    const slot = this.slots.reduce((best, s) => (s.pending < best.pending ? s : best));
    const id = this.nextId++;
    const absolute = new URL(url, location.href).href;
    // Aborts often come from the teardown that also disposed the pool: a released Comlink proxy throws on any
    // call, so a cancel after dispose is skipped (the terminated worker has nothing left to cancel).
    const onAbort = () => {
      if (this.disposed) return;
      void slot.remote.cancel(id).catch(() => undefined);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    slot.pending++;
    try {
      const decoded = await slot.remote.decode({ id, url: absolute, flipY: options.flipY, maxSize: options.maxSize });
      if (this.disposed || options.signal?.aborted) {
        decoded.bitmap.close();
        throw new DOMException('decode aborted', 'AbortError');
      }
      return decoded;
    } finally {
      slot.pending--;
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const slot of this.slots) {
      slot.remote[Comlink.releaseProxy]();
      slot.worker.terminate();
    }
    this.slots = [];
  }
}
