import { type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { type Group, Matrix4, type PerspectiveCamera, PlaneGeometry, Quaternion, Vector3 } from 'three';
import { DEFAULT_FOV } from '../../protocol/constants.ts';
import type { Marker } from '../../protocol/tour.ts';
import { markerLabelLines } from '../../protocol/markerLabel.ts';
import { athAtvToDirection } from '../math/angles.ts';
import { verticalFov } from '../math/fov.ts';
import type { DecoderPool } from '../tiles/decoderPool.ts';
import type { HotspotBus } from './hotspotBus.ts';
import { labelPlacement, xrLabelScale } from './labelLayout.ts';
import { MARKER_DISTANCE, markerOpacity, markerSize, XR_MARKER_ANGLE_DEG, xrMarkerWorldSize } from './markerModel.ts';
import { useDocumentLanguage } from './useDocumentLanguage.ts';
import { useMarkerLabel } from './useMarkerLabel.ts';
import { useMarkerTexture } from './useMarkerTexture.ts';

/** Markers draw after (above) every panorama layer; the layers use renderOrder < 1000. */
export const MARKER_RENDER_ORDER = 1000;
const HIGHLIGHT_SCALE = 1.25;
/** A press that moved more than this many pixels was a drag of the view, not a click on the marker. */
const CLICK_SLOP_PX = 6;

/**
 * Pixels the pointer moved between press and release. XR pointer events (@pmndrs/pointer-events) implement
 * `delta` as a getter that throws "not supported": a ray press has no screen distance, treat it as 0.
 */
function pressDistance(e: ThreeEvent<MouseEvent>): number {
  try {
    return e.delta ?? 0;
  } catch {
    return 0;
  }
}

interface MarkerData { markerId: string; disableResizing: boolean; aspect: number }
type LabelPlacement = ReturnType<typeof labelPlacement>;
/** The label's placement on a flat screen and in a headset (sized by angle there), switched per frame. */
interface LabelData { label: { flat: LabelPlacement; xr: LabelPlacement } }
const XR_LABEL_SCALE = xrLabelScale(XR_MARKER_ANGLE_DEG);

export interface Markers3DProps {
  markers: readonly Marker[];
  pool: DecoderPool;
  bus: HotspotBus;
  onActivate: (marker: Marker) => void;
}

/** Plane facing the viewer at the marker's ath/atv (planes rather than sprites: XR ray pointers can hit them). */
function placement(ath: number, atv: number): { position: Vector3; quaternion: Quaternion } {
  const position = new Vector3(...athAtvToDirection(ath, atv)).multiplyScalar(MARKER_DISTANCE);
  // Matrix4.lookAt(eye, target) points +Z from target to eye: eye = centre makes the front face the viewer.
  const m = new Matrix4().lookAt(new Vector3(0, 0, 0), position, new Vector3(0, 1, 0));
  return { position, quaternion: new Quaternion().setFromRotationMatrix(m) };
}

/** The marker's name under its icon, wrapped at 15 characters; a child of the icon, so it scales with it. */
function MarkerLabel({ marker, lang, aspect, geometry }: { marker: Marker; lang: string; aspect: number; geometry: PlaneGeometry }) {
  const lines = useMemo(() => markerLabelLines(marker, lang), [marker, lang]);
  const drawn = useMarkerLabel(marker.objectId, lines, lang);
  if (!drawn) return null;
  const data: LabelData = { label: { flat: labelPlacement(drawn.label, aspect), xr: labelPlacement(drawn.label, aspect, XR_LABEL_SCALE) } };
  const { scaleX, scaleY, offsetY } = data.label.flat;
  return (
    <mesh geometry={geometry} position={[0, offsetY, 0]} scale={[scaleX, scaleY, 1]} userData={data} renderOrder={MARKER_RENDER_ORDER} name={`marker-label:${marker.objectId}`}>
      <meshBasicMaterial map={drawn.texture} transparent depthTest={false} depthWrite={false} toneMapped={false} opacity={markerOpacity(marker)} />
    </mesh>
  );
}

function MarkerMesh({ marker, geometry, pool, onActivate, hovered, lang }: {
  marker: Marker; geometry: PlaneGeometry; pool: DecoderPool; onActivate: (m: Marker) => void; hovered: { current: string | null }; lang: string;
}) {
  const { texture, aspect } = useMarkerTexture(marker, pool);
  const gl = useThree((s) => s.gl);
  /** The XR pointer that pressed this marker and has not released yet. */
  const xrPress = useRef<number | null>(null);
  const { ath, atv } = marker.position;
  const { position, quaternion } = useMemo(() => placement(ath, atv), [ath, atv]);
  if (!texture) return null;
  const data: MarkerData = { markerId: marker.objectId, disableResizing: marker.disableResizing, aspect };
  return (
    <mesh
      geometry={geometry} position={position} quaternion={quaternion} renderOrder={MARKER_RENDER_ORDER} userData={data}
      name={`marker:${marker.objectId}`}
      onClick={(e: ThreeEvent<MouseEvent>) => {
        if (gl.xr.isPresenting || pressDistance(e) > CLICK_SLOP_PX) return;
        e.stopPropagation();
        onActivate(marker);
      }}
      // In a headset a trigger pull (or pinch) on the marker selects it however long it lasts: the pointer
      // library's click needs press and release within its threshold, which slow frames (a busy headset, an
      // emulator stepping in frames) overrun, so presses were silently lost.
      onPointerDown={(e: ThreeEvent<PointerEvent>) => {
        if (!gl.xr.isPresenting) return;
        e.stopPropagation();
        xrPress.current = e.pointerId;
      }}
      onPointerUp={(e: ThreeEvent<PointerEvent>) => {
        if (!gl.xr.isPresenting || xrPress.current !== e.pointerId) return;
        e.stopPropagation();
        xrPress.current = null;
        onActivate(marker);
      }}
      onPointerOver={(e: ThreeEvent<PointerEvent>) => {
        e.stopPropagation();
        hovered.current = marker.objectId;
        gl.domElement.style.cursor = 'pointer';
      }}
      onPointerOut={() => {
        xrPress.current = null; // released elsewhere: not a selection
        if (hovered.current === marker.objectId) hovered.current = null;
        gl.domElement.style.cursor = '';
      }}
    >
      <meshBasicMaterial map={texture} transparent depthTest={false} depthWrite={false} toneMapped={false} opacity={markerOpacity(marker)} />
      <MarkerLabel marker={marker} lang={lang} aspect={aspect} geometry={geometry} />
    </mesh>
  );
}

export function Markers3D({ markers, pool, bus, onActivate }: Markers3DProps) {
  const geometry = useMemo(() => new PlaneGeometry(1, 1), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const group = useRef<Group>(null);
  const hovered = useRef<string | null>(null);
  const lang = useDocumentLanguage();
  const tmp = useMemo(() => ({ p: new Vector3(), d: new Vector3(), cam: new Vector3(), fwd: new Vector3() }), []);

  useFrame((state) => {
    const root = group.current;
    if (!root) return;
    const camera = state.camera as PerspectiveCamera;
    const { width, height } = state.size;
    const xr = state.gl.xr.isPresenting;
    const defaultV = verticalFov(DEFAULT_FOV, width / Math.max(1, height));
    camera.getWorldPosition(tmp.cam);
    camera.getWorldDirection(tmp.fwd);
    const seen = new Set<string>();
    for (const child of root.children) {
      const data = child.userData as Partial<MarkerData>;
      if (!data.markerId) continue;
      const size = markerSize({ verticalFov: camera.fov, defaultVerticalFov: defaultV, viewportHeight: height, disableResizing: !!data.disableResizing });
      const highlight = hovered.current === data.markerId || bus.focusedId === data.markerId ? HIGHLIGHT_SCALE : 1;
      const world = (xr ? xrMarkerWorldSize() : size.world) * highlight;
      child.scale.set(world * (data.aspect ?? 1), world, 1);
      for (const label of child.children) {
        const placed = (label.userData as Partial<LabelData>).label;
        if (!placed) continue;
        const { scaleX, scaleY, offsetY } = xr ? placed.xr : placed.flat;
        label.scale.set(scaleX, scaleY, 1);
        label.position.set(0, offsetY, 0);
      }
      child.getWorldPosition(tmp.p);
      const inFront = tmp.d.copy(tmp.p).sub(tmp.cam).dot(tmp.fwd) > 0;
      tmp.p.project(camera);
      const x = ((tmp.p.x + 1) / 2) * width;
      const y = ((1 - tmp.p.y) / 2) * height;
      const onScreen = inFront && x >= 0 && x <= width && y >= 0 && y <= height;
      bus.positions.set(data.markerId, { x, y, size: size.screen * highlight, onScreen });
      seen.add(data.markerId);
    }
    for (const id of [...bus.positions.keys()]) if (!seen.has(id)) bus.positions.delete(id);
    bus.publish();
  }, -30);

  return (
    <group ref={group} name="markers">
      {markers.map((m) => <MarkerMesh key={m.objectId} marker={m} geometry={geometry} pool={pool} onActivate={onActivate} hovered={hovered} lang={lang} />)}
    </group>
  );
}
