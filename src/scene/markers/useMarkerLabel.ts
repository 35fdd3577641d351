import { useEffect, useState } from 'react';
import { CanvasTexture, SRGBColorSpace, type Texture } from 'three';
import { type DrawnLabel, drawMarkerLabel } from './labelCanvas.ts';

declare global {
  interface Window {
    /** The name labels drawn in the scene, by marker id: for tests and support tools (a canvas has no DOM). */
    __atriumMarkerLabels?: Record<string, DrawnLabel>;
  }
}

function register(markerId: string, label: DrawnLabel): () => void {
  const registry = (window.__atriumMarkerLabels ??= {});
  registry[markerId] = label;
  return () => {
    if (registry[markerId] === label) delete registry[markerId];
  };
}

/** The marker's name label as a texture (null for a marker without a name); redrawn when the lines change. */
export function useMarkerLabel(markerId: string, lines: readonly string[], lang: string): { texture: Texture; label: DrawnLabel } | null {
  const [state, setState] = useState<{ texture: Texture; label: DrawnLabel } | null>(null);
  const key = lines.join('\n');
  useEffect(() => {
    const label = drawMarkerLabel(key === '' ? [] : key.split('\n'), lang);
    if (!label) {
      setState(null);
      return undefined;
    }
    const texture = new CanvasTexture(label.canvas);
    texture.colorSpace = SRGBColorSpace;
    texture.anisotropy = 4;
    setState({ texture, label });
    const unregister = register(markerId, label);
    return () => {
      unregister();
      texture.dispose();
    };
  }, [markerId, key, lang]);
  return state;
}
