import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CanvasTexture, type Mesh, PlaneGeometry, SRGBColorSpace, Vector3 } from 'three';
import { MARKER_RENDER_ORDER } from '../markers/Markers3D.tsx';
import { drawAvatar, CANVAS_H, CANVAS_W, HEAD_PX } from './avatarCanvas.ts';
import { AVATAR_SIZE } from './avatarMath.ts';
import { avatarPlacement } from './avatarPlacement.ts';
import type { AvatarSource, SceneAvatar } from './avatarTypes.ts';

/** Heads draw above the markers (they are nearer the viewer). */
const AVATAR_RENDER_ORDER = MARKER_RENDER_ORDER + 10;

/** Read-only diagnostics for tests: where each drawn head's disc is on the canvas, in CSS pixels. */
export interface AvatarDiagnostics {
  /** Heads placed in the scene this frame (in a headset too). */
  placed: string[];
  /** Of those, where the disc is on the canvas (flat screens: projected with the scene's camera). */
  drawn: { id: string; x: number; y: number; r: number }[];
}
declare global {
  interface Window {
    __atriumAvatars?: AvatarDiagnostics;
  }
}

const noRaycast = () => null;

/**
 * Other people's heads, children of the panorama root (so they turn with it in a headset, like the markers). A frame
 * is asked for whenever poses arrive and while a head is still gliding to its newest pose (the canvas renders on demand).
 */
export function Avatars3D({ source }: { source: AvatarSource }) {
  const avatars = useSyncExternalStore(source.subscribe, source.getAvatars);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    return source.subscribe(() => invalidate());
  }, [source, invalidate]);
  const geometry = useMemo(() => {
    const scale = AVATAR_SIZE / HEAD_PX;
    // The disc's centre (HEAD_PX / 2 from the top) sits on the view ray; the name hangs under it.
    return new PlaneGeometry(CANVAS_W * scale, CANVAS_H * scale).translate(0, (CANVAS_H / 2 - HEAD_PX / 2) * -scale, 0);
  }, []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const diagnostics = useMemo<AvatarDiagnostics>(() => ({ placed: [], drawn: [] }), []);
  useEffect(() => {
    window.__atriumAvatars = diagnostics;
    return () => {
      if (window.__atriumAvatars === diagnostics) delete window.__atriumAvatars;
    };
  }, [diagnostics]);
  // Runs before the heads' own frame callbacks (lower priority first), so the list is rebuilt once per frame.
  useFrame(() => {
    diagnostics.placed = [];
    diagnostics.drawn = [];
  }, -1);
  return (
    <group name="avatars">
      {avatars.map((a) => <AvatarHead key={a.id} avatar={a} source={source} geometry={geometry} diagnostics={diagnostics} />)}
    </group>
  );
}

function AvatarHead({ avatar, source, geometry, diagnostics }: { avatar: SceneAvatar; source: AvatarSource; geometry: PlaneGeometry; diagnostics: AvatarDiagnostics }) {
  const mesh = useRef<Mesh>(null);
  const texture = useAvatarTexture(avatar);
  const tmp = useMemo(() => ({ world: new Vector3(), edge: new Vector3() }), []);
  useFrame((state) => {
    const m = mesh.current;
    if (!m) return;
    const now = performance.now();
    const pose = source.poseAt(avatar.id, now);
    m.visible = pose !== null;
    if (!pose) return;
    const { position, quaternion } = avatarPlacement(pose);
    m.position.copy(position);
    m.quaternion.copy(quaternion);
    if (source.moving(avatar.id, now)) state.invalidate();
    diagnostics.placed.push(avatar.id);
    // Where the disc lands on the canvas (flat screens; the tests read it).
    m.updateWorldMatrix(true, false);
    m.getWorldPosition(tmp.world);
    tmp.edge.set(AVATAR_SIZE / 2, 0, 0).applyMatrix4(m.matrixWorld);
    const centre = tmp.world.project(state.camera);
    const edge = tmp.edge.project(state.camera);
    if (!state.gl.xr.isPresenting && centre.z < 1) {
      const { width, height } = state.size;
      const x = (centre.x + 1) / 2 * width;
      const y = (1 - centre.y) / 2 * height;
      const r = Math.hypot((edge.x + 1) / 2 * width - x, (1 - edge.y) / 2 * height - y);
      diagnostics.drawn.push({ id: avatar.id, x, y, r });
    }
  });
  if (!texture) return null;
  return (
    <mesh ref={mesh} geometry={geometry} renderOrder={AVATAR_RENDER_ORDER} raycast={noRaycast} name={`avatar:${avatar.id}`} visible={false}>
      <meshBasicMaterial map={texture} transparent depthTest={false} depthWrite={false} toneMapped={false} />
    </mesh>
  );
}

/** The head's texture: initials at once, the portrait once it has loaded (if it loads). */
function useAvatarTexture(avatar: SceneAvatar): CanvasTexture | null {
  const [texture, setTexture] = useState<CanvasTexture | null>(null);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    let live = true;
    const make = (image: CanvasImageSource | null) => {
      const made = new CanvasTexture(drawAvatar(avatar, image));
      made.colorSpace = SRGBColorSpace;
      made.anisotropy = 4;
      setTexture(made); // the effect below disposes the one it replaces
      invalidate();
    };
    make(null);
    if (avatar.portrait) {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      img.onload = () => live && make(img);
      img.src = avatar.portrait;
    }
    return () => {
      live = false;
    };
  }, [avatar.id, avatar.name, avatar.initials, avatar.portrait, avatar.color, invalidate]);
  useEffect(() => () => texture?.dispose(), [texture]);
  return texture;
}
