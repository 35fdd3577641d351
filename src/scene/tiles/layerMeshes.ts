import type { Mesh } from 'three';
import {
  BufferGeometry, ClampToEdgeWrapping, DoubleSide, Float32BufferAttribute, LinearFilter, LinearMipmapLinearFilter,
  MeshBasicMaterial, SRGBColorSpace, Texture,
} from 'three';
import type { CubeFace } from '../../protocol/tiles.ts';
import { faceDirection } from './cubeGeometry.ts';

/** Half edge of the panorama cube in metres: far enough that XR stereo sees it at "infinity". */
export const CUBE_HALF_SIZE = 100;

/**
 * Texture for a bitmap decoded with imageOrientation 'flipY'. three.js ignores Texture.flipY for
 * ImageBitmaps (WebGL does), hence flipY=false and the flip baked in by the worker.
 */
export function bitmapTexture(bitmap: ImageBitmap, options: { mipmaps: boolean; anisotropy?: number }): Texture {
  const texture = new Texture(bitmap);
  texture.flipY = false;
  texture.colorSpace = SRGBColorSpace;
  texture.wrapS = texture.wrapT = ClampToEdgeWrapping;
  texture.generateMipmaps = options.mipmaps;
  texture.minFilter = options.mipmaps ? LinearMipmapLinearFilter : LinearFilter;
  texture.magFilter = LinearFilter;
  texture.anisotropy = options.anisotropy ?? 1;
  texture.needsUpdate = true;
  return texture;
}

/** GPU bytes of an RGBA texture (mip chain adds a third). */
export function textureBytes(width: number, height: number, mipmaps: boolean): number {
  return Math.round(width * height * 4 * (mipmaps ? 4 / 3 : 1));
}

/**
 * Layers draw without depth, ordered by renderOrder (lower levels first, sharper tiles over them), and are
 * always "transparent" so that a whole layer can fade and so that every part of it sorts in the same
 * three.js render list (opaque objects would otherwise ignore renderOrder against transparent ones).
 */
export function layerMaterial(texture: Texture): MeshBasicMaterial {
  return new MeshBasicMaterial({
    map: texture, transparent: true, depthTest: false, depthWrite: false, side: DoubleSide, toneMapped: false,
  });
}

function quadGeometry(corners: number[], uvs: number[], quads: number): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(corners, 3));
  geometry.setAttribute('uv', new Float32BufferAttribute(uvs, 2));
  const index: number[] = [];
  for (let q = 0; q < quads; q++) {
    const o = q * 4;
    index.push(o, o + 2, o + 1, o + 2, o + 3, o + 1);
  }
  geometry.setIndex(index);
  return geometry;
}

/** Corner order: top-left, top-right, bottom-left, bottom-right of the face region (image y grows down). */
function faceCorners(face: CubeFace, x0: number, y0: number, x1: number, y1: number, halfSize: number): number[] {
  return [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].flatMap(([x, y]) => faceDirection(face, x!, y!).map((c) => c * halfSize));
}

export function tileGeometry(face: CubeFace, rect: readonly [number, number, number, number], halfSize = CUBE_HALF_SIZE): BufferGeometry {
  const [x0, y0, x1, y1] = rect;
  // v = 1 is the top row of the (flipped) bitmap.
  return quadGeometry(faceCorners(face, x0, y0, x1, y1, halfSize), [0, 1, 1, 1, 0, 0, 1, 0], 1);
}

/**
 * The first-view cube: one strip image with six square faces side by side in faceOrder. UVs are pulled in
 * by half a texel so linear filtering never blends a face with its neighbour in the strip.
 */
export function firstViewGeometry(faceOrder: readonly CubeFace[], faceSize: number, halfSize = CUBE_HALF_SIZE): BufferGeometry {
  const inset = (t: number) => (0.5 + t * (faceSize - 1)) / faceSize;
  const corners: number[] = [];
  const uvs: number[] = [];
  faceOrder.forEach((face, i) => {
    corners.push(...faceCorners(face, 0, 0, 1, 1, halfSize));
    for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) uvs.push((i + inset(x)) / faceOrder.length, 1 - inset(y));
  });
  return quadGeometry(corners, uvs, faceOrder.length);
}

export function disposeMesh(mesh: Mesh<BufferGeometry, MeshBasicMaterial>): void {
  mesh.removeFromParent();
  mesh.geometry.dispose();
  const texture = mesh.material.map;
  mesh.material.dispose();
  if (texture) {
    texture.dispose();
    // Free the decoded pixels too, not only the GPU copy.
    if (typeof ImageBitmap !== 'undefined' && texture.image instanceof ImageBitmap) texture.image.close();
  }
}
