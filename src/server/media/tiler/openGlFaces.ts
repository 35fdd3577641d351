import fs from 'node:fs/promises';
import path from 'node:path';
import { CUBE_FACES, type CubeFace } from '../../../protocol/tileNames.ts';
import type { CubeFaceFile, TileInput } from './tileInput.ts';
import { TileInputError } from './tileInputError.ts';

/**
 * OpenGL cube map files (posx, negx, posy, negy, posz, negz: +X right, +Y up, +Z back, -Z front) as
 * our faces. OpenGL's cube map convention is defined as seen from outside the cube, so its images are
 * mirrored relative to our table (which is seen from the centre): the side faces left-right, up and
 * down top-bottom. Checked against the fixture: the face we project from its equirect for f matches
 * negz.jpg only after a horizontal mirror (mean difference 2.7/255 instead of 36), u matches posy after
 * a vertical one, and so on for all six. The mirror is applied while decoding (see decodeRgb).
 */
const OPENGL_FACES: Readonly<Record<CubeFace, { name: string; mirror: 'horizontal' | 'vertical' }>> = {
  f: { name: 'negz', mirror: 'horizontal' },
  r: { name: 'posx', mirror: 'horizontal' },
  b: { name: 'posz', mirror: 'horizontal' },
  l: { name: 'negx', mirror: 'horizontal' },
  u: { name: 'posy', mirror: 'vertical' },
  d: { name: 'negy', mirror: 'vertical' },
};

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff'];

/** Finds posx.jpg ... negz.jpg (any accepted extension, any case) in `dir`. */
export async function openGlFacesToCube(dir: string): Promise<Extract<TileInput, { kind: 'cube' }>> {
  const entries = await fs.readdir(dir).catch(() => {
    throw new TileInputError('NOT_AN_IMAGE', `${dir} cannot be read: no such folder`);
  });
  const byStem = new Map<string, string>();
  for (const entry of entries) {
    const ext = path.extname(entry).toLowerCase();
    if (IMAGE_EXTENSIONS.includes(ext)) byStem.set(path.basename(entry, path.extname(entry)).toLowerCase(), entry);
  }
  const faces = {} as Record<CubeFace, CubeFaceFile>;
  for (const face of CUBE_FACES) {
    const { name, mirror } = OPENGL_FACES[face];
    const entry = byStem.get(name);
    if (!entry) {
      throw new TileInputError(
        'FACES_MISMATCH',
        `${path.basename(dir)} has no ${name} image: a cube needs posx, negx, posy, negy, posz and negz`,
      );
    }
    faces[face] = { file: path.join(dir, entry), mirror };
  }
  return { kind: 'cube', faces };
}
