import { useEffect, useMemo } from 'react';
import { CanvasTexture, LinearFilter, SRGBColorSpace } from 'three';
import { renderTextBlock, type TextBlockOptions } from './textCanvas.ts';

export interface TextTexture {
  texture: CanvasTexture;
  /** Layout size of the block (uikit pixels). */
  width: number;
  height: number;
}

/**
 * A text block drawn once per change of its options and kept as a GPU texture; the old one is disposed.
 * Returns null for empty text, so callers can leave the element out.
 */
export function useTextTexture(options: TextBlockOptions): TextTexture | null {
  const { text, lang, width, fontSize, color, maxLines, fontWeight, lineHeight, align, pixelRatio = 2 } = options;
  const block = useMemo(() => {
    if (text.trim() === '') return null;
    const canvas = renderTextBlock({ text, lang, width, fontSize, color, maxLines, fontWeight, lineHeight, align, pixelRatio });
    const texture = new CanvasTexture(canvas);
    texture.colorSpace = SRGBColorSpace;
    // uikit's Image writes its own UV transform into texture.matrix (see @pmndrs/uikit components/image.js).
    texture.matrixAutoUpdate = false;
    // Text is minified at a distance: mipmaps keep it from shimmering, linear keeps edges soft.
    texture.magFilter = LinearFilter;
    texture.anisotropy = 4;
    return { texture, width, height: canvas.height / pixelRatio };
  }, [text, lang, width, fontSize, color, maxLines, fontWeight, lineHeight, align, pixelRatio]);
  useEffect(() => () => block?.texture.dispose(), [block]);
  return block;
}
