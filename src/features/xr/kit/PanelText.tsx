import { Image, type VanillaImage } from '@react-three/uikit';
import { useRef } from 'react';
import type { Object3D } from 'three';
import type { TextBlockOptions } from './textCanvas.ts';
import { useTextTexture } from './useTextTexture.ts';
import { useXRTarget } from './xrTargets.ts';

/** A wrapped text block inside a uikit layout, drawn by the browser's text engine (all scripts, RTL, shaping). */
export function PanelText({ target, ...props }: TextBlockOptions & { /** Test handle: where it is and what it says. */ target?: string }) {
  const block = useTextTexture(props);
  const own = useRef<VanillaImage>(null);
  useXRTarget(target, own as unknown as { current: Object3D | null }, block ? props.text : undefined);
  if (!block) return null;
  // pointerEvents none: a label inside a button must not take the ray from the button.
  return <Image ref={own} src={block.texture} width={block.width} height={block.height} flexShrink={0} pointerEvents="none" />;
}
