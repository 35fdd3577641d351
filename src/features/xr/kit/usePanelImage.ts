import { useEffect, useState } from 'react';
import { SRGBColorSpace, type Texture, TextureLoader } from 'three';

export interface PanelImage {
  texture: Texture;
  aspect: number;
}

/** Loads one image of the panel with THREE.TextureLoader; null while loading, on failure, or without a url. */
export function usePanelImage(url: string | null): PanelImage | null {
  const [image, setImage] = useState<{ url: string; value: PanelImage } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    let loaded: Texture | null = null;
    new TextureLoader().load(
      url,
      (texture) => {
        loaded = texture;
        if (!live) return texture.dispose();
        texture.colorSpace = SRGBColorSpace;
        // uikit's Image sets the UV transform for object-fit itself.
        texture.matrixAutoUpdate = false;
        const { width, height } = texture.image as { width: number; height: number };
        setImage({ url, value: { texture, aspect: width > 0 && height > 0 ? width / height : 16 / 9 } });
      },
      undefined,
      // A broken image leaves the panel without a picture rather than failing the scene.
      () => live && setImage(null),
    );
    return () => {
      live = false;
      loaded?.dispose();
    };
  }, [url]);
  return image && image.url === url ? image.value : null;
}
