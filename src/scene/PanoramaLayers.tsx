import { useFrame, useThree } from '@react-three/fiber';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { Euler, type Group, type PerspectiveCamera, Quaternion } from 'three';
import type { Panorama } from '../protocol/tour.ts';
import { DEG_TO_RAD } from './math/angles.ts';
import { cameraState, setView } from './state/cameraStore.ts';
import { takeArrivalView } from './state/arrivalView.ts';
import type { SceneStats } from './state/sceneStats.ts';
import { createPanoramaLayer } from './tiles/createLayer.ts';
import type { DecoderPool } from './tiles/decoderPool.ts';
import { disposeMesh } from './tiles/layerMeshes.ts';
import type { LayerMesh, LayerView, PanoramaLayer } from './tiles/panoramaLayer.ts';
import { browserSignals, deviceClass, readBudgetOverride, tileBudgetBytes } from './tiles/tileBudget.ts';
import { TileResidency } from './tiles/tileResidency.ts';
import { eyeResolution } from './tiles/xrLevel.ts';

/** Cross-fade length; prefers-reduced-motion cuts instead. */
export const FADE_MS = 450;
/** The incoming layer draws above the outgoing one while it fades in. */
const INCOMING_RENDER_ORDER = 100;

export interface PanoramaLayersProps {
  panorama: Panorama | null;
  pool: DecoderPool;
  root: RefObject<Group | null>;
  stats: SceneStats;
  reducedMotion: boolean;
  fadeMs: number;
  /** GPU budget for the panorama textures in MB, in place of the device class's (tileBudget.ts). */
  tileBudgetMB?: number;
  /** The panorama now drawn (its markers can show). */
  onDisplayed: (panorama: Panorama) => void;
  onFirstPixels: (panoramaId: string) => void;
  onReady: (panoramaId: string) => void;
  onError: (error: Error, panoramaId: string) => void;
}

interface Shown { layer: PanoramaLayer; panorama: Panorama }

const viewQuaternion = (yaw: number, pitch: number) => new Quaternion().setFromEuler(new Euler(pitch * DEG_TO_RAD, -yaw * DEG_TO_RAD, 0, 'YXZ'));

/**
 * Draws the current panorama and switches panoramas without a black frame: the old layer stays until the
 * new one's first view is on the GPU, then the new one fades in above it (or replaces it at once under
 * prefers-reduced-motion). A jump to the new panorama's initial view is hidden by turning the old layer
 * with the camera, so it looks still while it fades out.
 */
export function PanoramaLayers(props: PanoramaLayersProps) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const latest = useRef(props);
  latest.current = props;
  const current = useRef<Shown | null>(null);
  const incoming = useRef<(Shown & { startedAt: number }) | null>(null);
  const pendingFirstPixels = useRef<{ id: string; frame: number } | null>(null);
  const loading = useRef<string | null>(null);
  const readyFired = useRef<string | null>(null);
  // One budget for everything the layers put on the GPU: during a cross-fade two panoramas share it.
  const residency = useMemo(() => new TileResidency<LayerMesh>({ budgetBytes: Infinity, release: (_key, mesh) => disposeMesh(mesh) }), []);
  const budgetSource = useMemo(() => ({ coarsePointer: browserSignals(false).coarsePointer, override: readBudgetOverride() }), []);

  const finishFade = () => {
    const next = incoming.current;
    if (!next) return;
    current.current?.layer.dispose();
    next.layer.setRenderOrderBase(0);
    next.layer.setOpacity(1);
    next.layer.setDetailVisible(true);
    current.current = next;
    incoming.current = null;
  };

  const begin = (layer: PanoramaLayer, panorama: Panorama) => {
    const p = latest.current;
    finishFade();
    p.root.current?.add(layer.group);
    const previous = current.current;
    const view = takeArrivalView(panorama);
    if (view && !cameraState.gyroActive && !cameraState.xrActive) {
      const before = viewQuaternion(cameraState.yaw, cameraState.pitch);
      setView({ yaw: view.ath, pitch: -view.atv, fov: view.fov });
      const after = viewQuaternion(cameraState.yaw, cameraState.pitch);
      previous?.layer.group.quaternion.premultiply(after.multiply(before.invert()));
    }
    if (!previous || p.reducedMotion) {
      previous?.layer.dispose();
      current.current = { layer, panorama };
    } else {
      layer.setRenderOrderBase(INCOMING_RENDER_ORDER);
      layer.setOpacity(0);
      layer.setDetailVisible(false);
      incoming.current = { layer, panorama, startedAt: performance.now() };
    }
    pendingFirstPixels.current = { id: panorama.objectId, frame: p.stats.frames };
    loading.current = null;
    p.stats.panoramaId = panorama.objectId;
    p.stats.firstPixels = false;
    p.onDisplayed(panorama);
    invalidate();
  };

  const panorama = props.panorama;
  useEffect(() => {
    if (!panorama) return;
    const layer = createPanoramaLayer(panorama, { pool: latest.current.pool, renderer: gl, requestFrame: () => invalidate(), residency });
    if (!layer) {
      latest.current.onError(new Error(`panorama ${panorama.objectId} has no tiles and no image`), panorama.objectId);
      return;
    }
    let owned = true; // until handed to begin(), this effect disposes the layer
    loading.current = panorama.objectId;
    layer.load().then(
      () => {
        if (!owned) return;
        owned = false;
        begin(layer, panorama);
      },
      (error: Error) => {
        if (owned && error.name !== 'AbortError') latest.current.onError(error, panorama.objectId);
      },
    );
    return () => {
      if (owned) layer.dispose();
      owned = false;
      if (loading.current === panorama.objectId) loading.current = null;
    };
    // Keyed by id on purpose: a new object for the same panorama (a refetch) must not reload the tiles.
  }, [panorama?.objectId, gl, invalidate, residency]);

  // Unmount: release everything still on the GPU.
  useEffect(() => () => {
    incoming.current?.layer.dispose();
    current.current?.layer.dispose();
    incoming.current = current.current = null;
    residency.clear();
  }, [residency]);

  useFrame((state) => {
    const p = latest.current;
    const now = performance.now();
    const first = pendingFirstPixels.current;
    // A whole frame (update + draw) has run since begin(): the new first view is on screen.
    if (first && p.stats.frames > first.frame) {
      pendingFirstPixels.current = null;
      p.stats.firstPixels = true;
      p.onFirstPixels(first.id);
    }
    let busy = false;
    const fading = incoming.current;
    if (fading) {
      const t = (now - fading.startedAt) / Math.max(1, p.fadeMs);
      fading.layer.setOpacity(Math.min(1, Math.max(0, t)));
      if (t >= 1) finishFade();
      busy = true;
    }
    const xr = state.gl.xr.isPresenting;
    const camera = state.camera as PerspectiveCamera;
    // In XR the eye's own projection and framebuffer viewport say how many pixels a degree gets (the left eye
    // stands for both: the runtime gives them the same resolution).
    const leftEye = xr ? state.gl.xr.getCamera().cameras[0] : undefined;
    const xrEye = leftEye ? eyeResolution(leftEye.projectionMatrix.elements, leftEye.viewport.w) : undefined;
    const view: LayerView = {
      camera, viewportHeight: state.size.height, devicePixelRatio: state.viewport.dpr, verticalFov: camera.fov, xrEye, prefetchMargin: xr ? 1.6 : undefined, now,
    };
    // Before the updates: a headset's level choice reads the budget (tiles/xrLevel.ts).
    const deviceKind = deviceClass({ xrPresenting: xr, coarsePointer: budgetSource.coarsePointer });
    residency.budgetBytes = tileBudgetBytes(deviceKind, p.tileBudgetMB, budgetSource.override);
    // The outgoing layer of a cross-fade is "leaving": its tiles are the first to go when memory is short.
    if (current.current?.layer.update(incoming.current ? { ...view, leaving: true } : view)) busy = true;
    if (incoming.current?.layer.update(view)) busy = true;
    residency.sweep(now);

    const top = incoming.current ?? current.current;
    if (top) {
      const s = top.layer.status();
      Object.assign(p.stats, {
        targetLevel: s.targetLevel, visibleTiles: s.visible, visibleTileKeys: s.visibleKeys, visibleResident: s.visibleResident, allVisibleAtTarget: s.allVisibleAtTarget,
        tilesLoaded: s.loaded, tilesFailed: s.failed, tilesCancelled: s.cancelled, inFlight: s.inFlight, queued: s.queued, xr,
        xrPixelsPerDegree: xrEye?.pixelsPerDegree ?? 0,
      });
      if (s.allVisibleAtTarget && p.stats.firstPixels && readyFired.current !== top.panorama.objectId) {
        readyFired.current = top.panorama.objectId;
        p.onReady(top.panorama.objectId);
      }
    }
    Object.assign(p.stats, {
      resident: residency.size, residentBytes: residency.bytes, tilesReleased: residency.releasedCount, budgetBytes: residency.budgetBytes,
      deviceClass: deviceKind, gpuTextures: state.gl.info.memory.textures,
    });
    p.stats.transition = incoming.current ? 'fading' : loading.current ? 'loading' : 'idle';
    p.stats.frames++;
    if (busy || pendingFirstPixels.current) invalidate();
  }, -40);

  return null;
}
