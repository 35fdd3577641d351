import { Image, type VanillaImage } from '@react-three/uikit';
import { useEffect, useMemo, useRef } from 'react';
import { CanvasTexture, type Object3D, SRGBColorSpace } from 'three';
import { renderIcon } from './iconCanvas.ts';
import { useXRTarget } from './xrTargets.ts';

/** An SVG-path icon `size` layout pixels square (drawn at twice that on its canvas, for sharpness). */
export function PanelIcon({ path, size, color = '#ffffff', target }: { path: string; size: number; color?: string; /** Test handle: where it is. */ target?: string }) {
  const own = useRef<VanillaImage>(null);
  useXRTarget(target, own as unknown as { current: Object3D | null });
  const texture = useMemo(() => {
    const t = new CanvasTexture(renderIcon(path, size * 2, color));
    t.colorSpace = SRGBColorSpace;
    // uikit's Image writes its own UV transform into texture.matrix.
    t.matrixAutoUpdate = false;
    return t;
  }, [path, size, color]);
  useEffect(() => () => texture.dispose(), [texture]);
  return <Image ref={own} src={texture} width={size} height={size} flexShrink={0} pointerEvents="none" />;
}
