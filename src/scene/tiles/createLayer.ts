import type { Panorama } from '../../protocol/tour.ts';
import { EquirectPanorama } from './EquirectPanorama.ts';
import type { LayerDeps, PanoramaLayer } from './panoramaLayer.ts';
import { DEFAULT_TILED_OPTIONS, TiledPanorama, type TiledPanoramaOptions } from './TiledPanorama.ts';

/** Tiles when the panorama has a manifest, else the largest single image it has; null when it has none. */
export function createPanoramaLayer(panorama: Panorama, deps: LayerDeps, tiled: Partial<TiledPanoramaOptions> = {}): PanoramaLayer | null {
  if (panorama.cubemapUrl) {
    const options = { ...DEFAULT_TILED_OPTIONS, ...tiled };
    return new TiledPanorama({ manifestUrl: panorama.cubemapUrl, firstViewUrl: panorama.cubemapPreivewUrl }, deps, options);
  }
  const image = panorama.desktopUrl ?? panorama.adjustedRawUrl ?? panorama.rawUrl ?? panorama.previewUrl;
  return image ? new EquirectPanorama(image, deps) : null;
}
