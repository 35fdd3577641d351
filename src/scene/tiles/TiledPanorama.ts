import { Group, Matrix4, Mesh, Quaternion, Vector3 } from 'three';
import { readTileManifest } from '../../protocol/readTileManifest.ts';
import type { TileManifest } from '../../protocol/tiles.ts';
import type { DecodedImage } from '../../../workers/imageDecoder.ts';
import { tileKey, tilePixelSize, tileRect, tileUrl } from './cubeGeometry.ts';
import { bitmapTexture, firstViewGeometry, layerMaterial, textureBytes, tileGeometry } from './layerMeshes.ts';
import { LoadQueue } from './loadQueue.ts';
import { takePosterFirstView, takePosterManifest, takePosterTile } from './posterTiles.ts';
import { emptyStatus, FIRST_VIEW_KEY, type LayerDeps, type LayerMesh, layerPrefix, type LayerStatus, type LayerView, type PanoramaLayer } from './panoramaLayer.ts';
import { selectLevel } from './selectLevel.ts';
import { visibleTiles, type VisibleTile } from './visibleTiles.ts';
import { selectXrLevel } from './xrLevel.ts';

export interface TiledPanoramaOptions {
  concurrency: number;
  /** Uploads stop for this frame once they took this long (keeps panning smooth while tiles arrive). */
  uploadBudgetMs: number;
  /** Widen the view by this factor when choosing tiles, to fetch just-outside tiles ahead of a pan. */
  prefetchMargin: number;
}

export const DEFAULT_TILED_OPTIONS: TiledPanoramaOptions = {
  concurrency: 6, uploadBudgetMs: 8, prefetchMargin: 1.15,
};

interface Upload { tile: VisibleTile; decoded: DecodedImage }

export class TiledPanorama implements PanoramaLayer {
  readonly group = new Group();
  private manifest: TileManifest | null = null;
  private readonly manifestUrl: string;
  private firstView: LayerMesh | null = null;
  private readonly queue: LoadQueue<{ tile: VisibleTile; decoded: DecodedImage }>;
  /** This layer's keys in the scene's shared residency. */
  private readonly prefix = layerPrefix();
  private uploads: Upload[] = [];
  private readonly abort = new AbortController();
  private tilesByKey = new Map<string, VisibleTile>();
  private opacity = 1;
  private base = 0;
  private detailVisible = true;
  private lastStatus: LayerStatus = emptyStatus();
  private readonly anisotropy: number;
  private tmp = { qGroup: new Quaternion(), qCam: new Quaternion(), rot: new Matrix4(), vp: new Matrix4(), fwd: new Vector3() };

  constructor(
    private readonly source: { manifestUrl: string; firstViewUrl?: string | null },
    private readonly deps: LayerDeps,
    private readonly options: TiledPanoramaOptions = DEFAULT_TILED_OPTIONS,
  ) {
    this.manifestUrl = new URL(source.manifestUrl, location.href).href;
    this.group.name = 'tiled-panorama';
    this.anisotropy = Math.min(4, deps.renderer.capabilities.getMaxAnisotropy());
    this.queue = new LoadQueue({
      concurrency: options.concurrency,
      load: async (key, signal) => {
        const tile = this.tilesByKey.get(key);
        const manifest = this.manifest;
        if (!tile || !manifest) throw new Error(`unknown tile ${key}`);
        const url = tileUrl(this.manifestUrl, manifest, tile.level, tile.face, tile.x, tile.y);
        const early = await takePosterTile(url)?.catch(() => undefined);
        return { tile, decoded: early ?? await deps.pool.decode(url, { flipY: true, signal }) };
      },
      onLoad: (_key, value) => {
        this.uploads.push(value);
        deps.requestFrame();
      },
      onError: (key, error) => {
        console.warn(`[scene] tile ${key} failed`, error);
        deps.requestFrame(); // a failed tile counts as settled for the "sharp" flag: recount
      },
      discard: (value) => value.decoded.bitmap.close(),
    });
  }

  async load(): Promise<void> {
    const { signal } = this.abort;
    const fetched = () => fetch(this.manifestUrl, { signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`tile manifest HTTP ${r.status}: ${this.manifestUrl}`))));
    const early = takePosterManifest(this.manifestUrl);
    const manifestPromise = (early ? early.catch(fetched) : fetched()).then(readTileManifest);
    // The first-view image url is known from the panorama record: fetch it alongside the manifest.
    const firstViewUrl = this.source.firstViewUrl
      ? Promise.resolve(new URL(this.source.firstViewUrl, location.href).href)
      : manifestPromise.then((m) => new URL(m.firstView.url, this.manifestUrl).href);
    const decodedPromise = firstViewUrl.then(async (url) => {
      const early = await takePosterFirstView(url)?.catch(() => undefined);
      return early ?? this.deps.pool.decode(url, { flipY: true, signal });
    });
    const [manifest, decoded] = await Promise.all([manifestPromise, decodedPromise]);
    if (signal.aborted) {
      decoded.bitmap.close();
      throw new DOMException('layer disposed', 'AbortError');
    }
    this.manifest = manifest;
    const texture = bitmapTexture(decoded.bitmap, { mipmaps: false });
    this.deps.renderer.initTexture(texture); // upload now, not in the middle of the first frame
    // faceSize from the bitmap: the panorama's preview url may be a different export than the manifest's.
    // readTileManifest guarantees six faces in faceOrder.
    this.firstView = new Mesh(firstViewGeometry(manifest.faceOrder, decoded.height), layerMaterial(texture));
    this.firstView.name = 'first-view';
    this.group.add(this.firstView);
    this.applyLook(this.firstView, -1);
    // In the shared residency like the tiles, so the budget counts it; touched every update, so it stays while shown.
    this.deps.residency.add(this.prefix + FIRST_VIEW_KEY, this.firstView, textureBytes(decoded.width, decoded.height, false), performance.now());
  }

  update(view: LayerView): boolean {
    const manifest = this.manifest;
    if (!manifest) return false;
    const residency = this.deps.residency;
    const level = view.xrEye && view.xrEye.pixelsPerTangent > 0
      ? selectXrLevel(manifest.levels, { pixelsPerTangent: view.xrEye.pixelsPerTangent, budgetBytes: residency.budgetBytes })
      : selectLevel(manifest.levels, { viewportHeight: view.viewportHeight, devicePixelRatio: view.devicePixelRatio, verticalFov: view.verticalFov });
    residency.touch([this.prefix + FIRST_VIEW_KEY], view.now);
    if (view.leaving) {
      // Fading out: keep drawing what is resident, load nothing more; its tiles go first when memory is short.
      this.queue.setWanted([]);
      for (const upload of this.uploads) upload.decoded.bitmap.close();
      this.uploads = [];
      return false;
    }
    // Upload first, so this frame's counts (and the "sharp" flag) include what was just uploaded.
    this.uploadSome(manifest, view.now);
    const { qGroup, qCam, rot, vp, fwd } = this.tmp;
    // Camera orientation in the cube's own frame (the cube may be rotated during a transition or in XR).
    this.group.getWorldQuaternion(qGroup);
    view.camera.getWorldQuaternion(qCam);
    const qLocal = qGroup.invert().multiply(qCam);
    rot.makeRotationFromQuaternion(qLocal).invert();
    vp.multiplyMatrices(view.camera.projectionMatrix, rot);
    fwd.set(0, 0, -1).applyQuaternion(qLocal);
    const visible = visibleTiles(level, manifest.tileSize, vp.elements, [fwd.x, fwd.y, fwd.z], view.prefetchMargin ?? this.options.prefetchMargin);

    const uploading = new Set(this.uploads.map((u) => u.tile.key));
    const missing: VisibleTile[] = [];
    const resident: string[] = [];
    let settled = 0;
    for (const tile of visible) {
      const key = this.prefix + tile.key;
      if (residency.has(key)) {
        resident.push(key);
        settled++;
      } else if (!uploading.has(tile.key)) {
        this.tilesByKey.set(tile.key, tile);
        missing.push(tile);
        if (this.queue.hasFailed(tile.key)) settled++;
      }
    }
    residency.touch(resident, view.now);
    this.queue.setWanted(missing.map((t) => ({ key: t.key, priority: t.priority })));

    const q = this.queue.stats;
    const usage = residency.usage(this.prefix);
    this.lastStatus = {
      targetLevel: level.index, visible: visible.length, visibleKeys: visible.map((t) => t.key), visibleResident: resident.length,
      allVisibleAtTarget: visible.length > 0 && settled === visible.length, loaded: q.loaded, failed: q.failed,
      cancelled: q.cancelled, inFlight: q.inFlight, queued: q.pending, resident: usage.count, residentBytes: usage.bytes,
    };
    return this.uploads.length > 0;
  }

  private uploadSome(manifest: TileManifest, now: number): void {
    if (this.uploads.length === 0) return;
    this.uploads.sort((a, b) => a.tile.priority - b.tile.priority);
    const start = performance.now();
    while (this.uploads.length > 0 && performance.now() - start < this.options.uploadBudgetMs) {
      const { tile, decoded } = this.uploads.shift()!;
      const level = manifest.levels.find((l) => l.index === tile.level);
      if (!level) {
        decoded.bitmap.close();
        continue;
      }
      const texture = bitmapTexture(decoded.bitmap, { mipmaps: true, anisotropy: this.anisotropy });
      this.deps.renderer.initTexture(texture);
      const mesh: LayerMesh = new Mesh(tileGeometry(tile.face, tileRect(level, manifest.tileSize, tile.x, tile.y)), layerMaterial(texture));
      mesh.name = tileKey(tile.level, tile.face, tile.x, tile.y);
      this.applyLook(mesh, tile.level);
      this.group.add(mesh);
      const size = tilePixelSize(level, manifest.tileSize, tile.x, tile.y);
      this.deps.residency.add(this.prefix + tile.key, mesh, textureBytes(size.width, size.height, true), now);
    }
  }

  /** level -1 is the first view; tiles of level n draw above n-1 so a missing tile shows the level below. */
  private applyLook(mesh: LayerMesh, level: number): void {
    mesh.userData.level = level;
    mesh.renderOrder = this.base + 1 + level;
    mesh.material.opacity = this.opacity;
    mesh.visible = level < 0 || this.detailVisible;
    mesh.frustumCulled = false; // our own tile culling already ran; three's sphere test would redo it per tile
  }

  private eachMesh(fn: (mesh: LayerMesh) => void): void {
    for (const child of this.group.children) fn(child as LayerMesh);
  }

  setOpacity(opacity: number): void {
    this.opacity = opacity;
    this.eachMesh((m) => this.applyLook(m, m.userData.level as number));
  }

  setRenderOrderBase(base: number): void {
    this.base = base;
    this.eachMesh((m) => this.applyLook(m, m.userData.level as number));
  }

  setDetailVisible(visible: boolean): void {
    this.detailVisible = visible;
    this.eachMesh((m) => this.applyLook(m, m.userData.level as number));
  }

  status(): LayerStatus {
    return this.lastStatus;
  }

  dispose(): void {
    this.abort.abort();
    this.queue.dispose();
    this.deps.residency.clear(this.prefix); // tiles and first view: their textures, geometries and bitmaps
    for (const upload of this.uploads) upload.decoded.bitmap.close();
    this.uploads = [];
    this.firstView = null;
    this.group.removeFromParent();
  }
}
