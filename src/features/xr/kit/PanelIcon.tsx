import { Image } from '@react-three/uikit';
import { useEffect, useMemo } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import { renderIcon } from './iconCanvas.ts';

/** An SVG-path icon `size` layout pixels square (drawn at twice that on its canvas, for sharpness). */
export function PanelIcon({ path, size, color = '#ffffff' }: { path: string; size: number; color?: string }) {
  const texture = useMemo(() => {
    const t = new CanvasTexture(renderIcon(path, size * 2, color));
    t.colorSpace = SRGBColorSpace;
    // uikit's Image writes its own UV transform into texture.matrix.
    t.matrixAutoUpdate = false;
    return t;
  }, [path, size, color]);
  useEffect(() => () => texture.dispose(), [texture]);
  return <Image src={texture} width={size} height={size} flexShrink={0} pointerEvents="none" />;
}
