import type { BufferGeometry, Camera, Group, Mesh, MeshBasicMaterial, WebGLRenderer } from 'three';
import type { DecoderPool } from './decoderPool.ts';
import type { TileResidency } from './tileResidency.ts';
import type { EyeResolution } from './xrLevel.ts';

export type LayerMesh = Mesh<BufferGeometry, MeshBasicMaterial>;

/** A layer's first-view cube (or single image) in the residency, under the layer's prefix. */
export const FIRST_VIEW_KEY = 'first-view';

let layerCount = 0;
/** A fresh key prefix for one layer's entries in the shared residency. */
export function layerPrefix(): string {
  return `${++layerCount}/`;
}

/** What a layer needs to know about the view each frame. */
export interface LayerView {
  /** World orientation and projection of this camera define the view (in XR: the stereo ArrayCamera). */
  camera: Camera;
  /** Height of the drawing buffer region in CSS pixels (XR: eye viewport in device pixels, ratio 1). */
  viewportHeight: number;
  devicePixelRatio: number;
  verticalFov: number;
  /** XR: the eye's resolution decides the level (within the GPU budget), not viewportHeight and verticalFov. */
  xrEye?: EyeResolution;
  /**
   * Widen the view used for tile choice. In XR three's camera carries the LEFT eye's projection only, and
   * heads turn fast: a wide margin covers the right eye and the next few hundred milliseconds.
   */
  prefetchMargin?: number;
  /** The layer fades out under the incoming one: it loads nothing more and only its first view counts as in use. */
  leaving?: boolean;
  now: number;
}

export interface LayerStatus {
  targetLevel: number;
  visible: number;
  /** The visible tiles' keys (level/face/y_x). */
  visibleKeys: string[];
  visibleResident: number;
  allVisibleAtTarget: boolean;
  loaded: number;
  failed: number;
  cancelled: number;
  inFlight: number;
  queued: number;
  /** This layer's entries in the residency (tiles and first view) and their GPU bytes. */
  resident: number;
  residentBytes: number;
}

/** One panorama drawn around the viewer: a tiled cube, or a single equirectangular image as fallback. */
export interface PanoramaLayer {
  readonly group: Group;
  /** Resolves once the first pixels (the tiny first-view cube) are uploaded and can be drawn. */
  load(): Promise<void>;
  /** Streams what the view needs; returns true while work is pending (the caller keeps rendering). */
  update(view: LayerView): boolean;
  setOpacity(opacity: number): void;
  /** Layers draw in renderOrder: the incoming panorama of a transition is drawn above the outgoing one. */
  setRenderOrderBase(base: number): void;
  /** Hide the detail tiles (while the layer fades in, only its single-texture first view is drawn). */
  setDetailVisible(visible: boolean): void;
  status(): LayerStatus;
  dispose(): void;
}

export interface LayerDeps {
  pool: DecoderPool;
  renderer: WebGLRenderer;
  /** Something finished loading: request a frame (the canvas renders on demand). */
  requestFrame: () => void;
  /** The scene's textures under one GPU budget, shared by every layer (the outgoing and incoming ones). */
  residency: TileResidency<LayerMesh>;
}

export function emptyStatus(): LayerStatus {
  return {
    targetLevel: -1, visible: 0, visibleKeys: [], visibleResident: 0, allVisibleAtTarget: false, loaded: 0, failed: 0, cancelled: 0,
    inFlight: 0, queued: 0, resident: 0, residentBytes: 0,
  };
}
