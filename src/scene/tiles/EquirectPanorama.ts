import { Group, Mesh, SphereGeometry } from 'three';
import { bitmapTexture, CUBE_HALF_SIZE, layerMaterial, textureBytes } from './layerMeshes.ts';
import { emptyStatus, FIRST_VIEW_KEY, type LayerDeps, layerPrefix, type LayerStatus, type LayerView, type PanoramaLayer } from './panoramaLayer.ts';

/**
 * Fallback for panoramas whose tiles are not ready yet (cubemapReady false): one equirectangular image on
 * an inside-out sphere, scaled to the GPU's MAX_TEXTURE_SIZE by the worker.
 */
export class EquirectPanorama implements PanoramaLayer {
  readonly group = new Group();
  private mesh: Mesh<SphereGeometry, ReturnType<typeof layerMaterial>> | null = null;
  private readonly abort = new AbortController();
  private bytes = 0;
  private readonly key = layerPrefix() + FIRST_VIEW_KEY;
  private opacity = 1;
  private base = 0;

  constructor(private readonly url: string, private readonly deps: LayerDeps) {
    this.group.name = 'equirect-panorama';
  }

  async load(): Promise<void> {
    const maxSize = Math.min(this.deps.renderer.capabilities.maxTextureSize, 8192);
    const decoded = await this.deps.pool.decode(this.url, { flipY: true, signal: this.abort.signal, maxSize });
    if (this.abort.signal.aborted) {
      decoded.bitmap.close();
      throw new DOMException('layer disposed', 'AbortError');
    }
    const texture = bitmapTexture(decoded.bitmap, { mipmaps: false });
    this.deps.renderer.initTexture(texture);
    // three.js panorama recipe: scale(-1,1,1) turns the sphere inside out without mirroring the image; the
    // image centre then lies at -X, and rotating by -90deg brings it to the front (-Z, ath 0).
    const geometry = new SphereGeometry(CUBE_HALF_SIZE, 64, 32).scale(-1, 1, 1);
    this.mesh = new Mesh(geometry, layerMaterial(texture));
    this.mesh.rotation.y = -Math.PI / 2;
    this.mesh.frustumCulled = false;
    this.bytes = textureBytes(decoded.width, decoded.height, false);
    this.group.add(this.mesh);
    // Counted under the scene's budget; never released while shown (touched every update).
    this.deps.residency.add(this.key, this.mesh, this.bytes, performance.now());
    this.setOpacity(this.opacity);
    this.setRenderOrderBase(this.base);
  }

  update(view: LayerView): boolean {
    this.deps.residency.touch([this.key], view.now);
    return false;
  }

  setOpacity(opacity: number): void {
    this.opacity = opacity;
    if (this.mesh) this.mesh.material.opacity = opacity;
  }

  setRenderOrderBase(base: number): void {
    this.base = base;
    if (this.mesh) this.mesh.renderOrder = base;
  }

  setDetailVisible(): void {
    // A single image has no detail tiles.
  }

  status(): LayerStatus {
    const ready = this.mesh !== null;
    return { ...emptyStatus(), targetLevel: 0, visible: ready ? 1 : 0, visibleResident: ready ? 1 : 0, allVisibleAtTarget: ready, resident: ready ? 1 : 0, residentBytes: this.bytes };
  }

  dispose(): void {
    this.abort.abort();
    this.deps.residency.clear(this.key);
    this.mesh = null;
    this.group.removeFromParent();
  }
}
