import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Group } from 'three';
import { DEFAULT_ROTATION_ANGLE } from '../protocol/constants.ts';
import type { Marker, Panorama } from '../protocol/tour.ts';
import { Avatars3D } from './avatars/Avatars3D.tsx';
import type { AvatarSource } from './avatars/avatarTypes.ts';
import { CameraRig } from './CameraRig.tsx';
import { nextAutopilotIndex, type RotateSpeed } from './controls/autorotate.ts';
import { MarkerHotspots } from './MarkerHotspots.tsx';
import { HotspotBus } from './markers/hotspotBus.ts';
import { filterMarkers, type MarkerFilter, type NavigateRequest, teleportRequest } from './markers/markerModel.ts';
import { Markers3D } from './markers/Markers3D.tsx';
import { FADE_MS, PanoramaLayers } from './PanoramaLayers.tsx';
import { SceneCanvas } from './SceneCanvas.tsx';
import { createSceneStats, publishSceneStats } from './state/sceneStats.ts';
import { DecoderPool } from './tiles/decoderPool.ts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';
import { endXRSession } from './xr/xrLoader.ts';
import { XRSlot } from './xr/XRSlot.tsx';

export interface PanoramaSceneOptions {
  /** Spec switch `autorotate=false` turns it off. Default true. */
  autorotate?: boolean;
  rotateSpeed?: RotateSpeed;
  /** After autopilotAngle degrees of auto-rotation, go to the next panorama (skipping toilets/bathrooms). */
  autopilot?: boolean;
  autopilotAngle?: number;
  /** Device orientation drives the view; call requestGyroPermission() from a click first (iOS). */
  gyro?: boolean;
  /** Live stream, pilot play or recording: no auto-rotation. */
  suspendRotation?: boolean;
  markerFilter?: MarkerFilter;
  showMarkers?: boolean;
  /** Default: the user's prefers-reduced-motion (cuts instead of fades, no auto-rotation unless autopilot). */
  reducedMotion?: boolean;
  /** Cross-fade between panoramas, default FADE_MS (450). */
  transitionMs?: number;
  /**
   * GPU memory in MB the panorama textures may use: tiles that left the view are released, least recently seen
   * first, to stay within it. Default: the device class's budget (tiles/tileBudget.ts: phone 64, headset 128,
   * desktop 256).
   */
  tileBudgetMB?: number;
}

export interface PanoramaSceneProps {
  panoramas: readonly Panorama[];
  /** 0-based index of the panorama to show. */
  index: number;
  options?: PanoramaSceneOptions;
  /** Any non-teleport marker was activated (click, controller ray, Enter on its button). */
  onMarkerClick?: (marker: Marker) => void;
  /** Teleport marker, autopilot, or PageUp/PageDown. The app decides and changes `index`. */
  onNavigate?: (request: NavigateRequest) => void;
  /** The panorama's first-view cube is on screen. */
  onFirstPixels?: (panoramaId: string) => void;
  /** The visible part of the panorama is sharp (every visible tile at the chosen level). */
  onReady?: (panoramaId: string) => void;
  /**
   * A panorama failed to load (the scene lives on), or the whole scene failed: its chunk, its WebGL context, a crash
   * (a SceneFailure, caught by LazyPanoramaScene). sceneFailureKind(error) tells which.
   */
  onError?: (error: Error, panoramaId: string) => void;
  /** Accessible name for a marker's button; default: its name, else its type. */
  markerLabel?: (marker: Marker) => string;
  className?: string;
  style?: CSSProperties;
  /** Rendered in the XR session's scene (in-world panels); nothing is loaded for it without VR support. */
  xrOverlay?: ReactNode;
  /** Other people's heads in this panorama (the lounge supplies them); drawn on flat screens and in the headset. */
  avatars?: AvatarSource | null;
}

const containerStyle: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', background: '#101014' };
const defaultLabel = (m: Marker) => m.name || m.type;

/** The panorama viewer: fills its parent. View state lives in cameraState (state/cameraStore.ts). */
export function PanoramaScene(props: PanoramaSceneProps) {
  const { panoramas, index, options = {} } = props;
  const [pool, setPool] = useState<DecoderPool | null>(null);
  const [displayedId, setDisplayedId] = useState<string | null>(null);
  const bus = useMemo(() => new HotspotBus(), []);
  const stats = useMemo(createSceneStats, []);
  const root = useRef<Group>(null);
  const prefersReduced = usePrefersReducedMotion();
  const reducedMotion = options.reducedMotion ?? prefersReduced;
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    return publishSceneStats(stats);
  }, [stats]);
  useEffect(() => {
    const created = new DecoderPool();
    setPool(created);
    return () => {
      created.dispose();
      // Leaving the viewer (route change) must not leave the headset in an orphaned immersive session.
      endXRSession();
    };
  }, []);

  const panorama = panoramas[index] ?? null;
  const displayed = panoramas.find((p) => p.objectId === displayedId) ?? null;
  const showMarkers = options.showMarkers !== false;
  const markerFilter = options.markerFilter ?? 'all';
  const markers = useMemo(
    () => (displayed && showMarkers ? filterMarkers(displayed.markers, markerFilter) : []),
    [displayed, showMarkers, markerFilter],
  );

  const activate = useCallback((marker: Marker) => {
    const request = teleportRequest(marker);
    if (request) latest.current.onNavigate?.(request);
    else latest.current.onMarkerClick?.(marker);
  }, []);
  const onStep = useCallback((step: 1 | -1) => latest.current.onNavigate?.({ kind: 'step', step, reason: 'keyboard' }), []);
  const onAutopilot = useCallback(() => {
    const { panoramas: list, index: at } = latest.current;
    const next = nextAutopilotIndex(list, at);
    const target = next === null ? undefined : list[next];
    if (target) latest.current.onNavigate?.({ kind: 'panorama', panoramaId: target.objectId, reason: 'autopilot' });
  }, []);

  return (
    <div className={props.className} style={{ ...containerStyle, ...props.style }} data-testid="panorama-scene">
      {pool && (
        <SceneCanvas
          frameloop="demand"
          flat
          dpr={[1, 2]}
          camera={{ position: [0, 0, 0], near: 0.05, far: 1000, fov: 90 }}
          gl={{ antialias: false, powerPreference: 'high-performance' }}
          onCreated={(state) => {
            bus.requestFrame = () => state.invalidate();
          }}
          style={{ position: 'absolute', inset: 0 }}
        >
          <CameraRig
            panoramaId={displayedId}
            autorotate={(options.autorotate ?? true) && !reducedMotion}
            rotateSpeed={options.rotateSpeed ?? 'autoRotate'}
            autopilot={options.autopilot ?? false}
            autopilotAngle={options.autopilotAngle ?? DEFAULT_ROTATION_ANGLE}
            gyro={options.gyro ?? false}
            suspendRotation={options.suspendRotation ?? false}
            onStep={onStep}
            onAutopilot={onAutopilot}
          />
          <group ref={root} name="panorama-root">
            <Markers3D markers={markers} pool={pool} bus={bus} onActivate={activate} />
            {props.avatars && <Avatars3D source={props.avatars} />}
          </group>
          <PanoramaLayers
            panorama={panorama}
            pool={pool}
            root={root}
            stats={stats}
            reducedMotion={reducedMotion}
            fadeMs={options.transitionMs ?? FADE_MS}
            tileBudgetMB={options.tileBudgetMB}
            onDisplayed={(p) => setDisplayedId(p.objectId)}
            onFirstPixels={(id) => latest.current.onFirstPixels?.(id)}
            onReady={(id) => latest.current.onReady?.(id)}
            onError={(error, id) => (latest.current.onError ?? console.error)(error, id)}
          />
          <XRSlot root={root} overlay={props.xrOverlay} />
        </SceneCanvas>
      )}
      <MarkerHotspots markers={markers} bus={bus} onActivate={activate} label={props.markerLabel ?? defaultLabel} />
    </div>
  );
}
