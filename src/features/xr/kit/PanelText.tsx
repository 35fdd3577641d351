import { Image } from '@react-three/uikit';
import type { TextBlockOptions } from './textCanvas.ts';
import { useTextTexture } from './useTextTexture.ts';

/** A wrapped text block inside a uikit layout, drawn by the browser's text engine (all scripts, RTL, shaping). */
export function PanelText(props: TextBlockOptions) {
  const block = useTextTexture(props);
  if (!block) return null;
  // pointerEvents none: a label inside a button must not take the ray from the button.
  return <Image src={block.texture} width={block.width} height={block.height} flexShrink={0} pointerEvents="none" />;
}
