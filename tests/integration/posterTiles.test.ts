import { Matrix4, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { POSTER_PREFETCH_MARGIN, POSTER_TILES_SCRIPT } from '../../src/server/http/posterTilesScript.ts';
import type { TileManifest } from '../../src/protocol/tiles.ts';
import { verticalFov } from '../../src/scene/math/fov.ts';
import { DEFAULT_TILED_OPTIONS } from '../../src/scene/tiles/TiledPanorama.ts';
import { selectLevel } from '../../src/scene/tiles/selectLevel.ts';
import { visibleTiles } from '../../src/scene/tiles/visibleTiles.ts';

// The page's inline script plans the first view's tiles before any bundle runs; the WebGL scene must then want
// exactly those, or the CSS stage would paint tiles the scene does not use (or miss some it does).
type Plan = { level: number; faceSize: number; tiles: { key: string; url: string; width: number; height: number }[] };
type View = { yaw: number; pitch: number; vfov: number; width: number; height: number; dpr: number };
const plan = new Function(`return (${POSTER_TILES_SCRIPT});`)() as (m: TileManifest, manifestUrl: string, v: View) => Plan;

function manifest(width: number): TileManifest {
  const top = Math.round(width / Math.PI);
  const levels = [];
  for (let size = top, i = 0; ; size = Math.round(size / 2), i++) {
    levels.unshift({ faceSize: size, tilesPerSide: Math.ceil(size / 512) });
    if (size <= 512) break;
  }
  return {
    version: 1, type: 'cube', tileSize: 512, format: 'jpeg', faceOrder: ['f', 'r', 'b', 'l', 'u', 'd'], tileUrl: 'tiles/{level}/{face}/{y}_{x}.jpg',
    levels: levels.map((l, index) => ({ index, ...l })), firstView: { url: 'first-view.jpg', faceSize: 256 },
    source: { width, height: width / 2, kind: 'equirect' },
    images: { adjustedRaw: 'a.jpg', desktop: 'd.jpg', preview: 'p.jpg', thumbnail: 't.jpg' },
  };
}

/** What TiledPanorama.update asks for at this view (camera as CameraRig sets it, Canvas dpr clamped to [1, 2]). */
function sceneTiles(m: TileManifest, v: View): string[] {
  const camera = new PerspectiveCamera(v.vfov, v.width / v.height, 0.1, 10);
  camera.rotation.set((v.pitch * Math.PI) / 180, (-v.yaw * Math.PI) / 180, 0, 'YXZ');
  camera.updateMatrixWorld();
  const level = selectLevel(m.levels, { viewportHeight: v.height, devicePixelRatio: Math.min(2, Math.max(1, v.dpr)), verticalFov: v.vfov });
  const rot = new Matrix4().makeRotationFromQuaternion(camera.quaternion).invert();
  const vp = new Matrix4().multiplyMatrices(camera.projectionMatrix, rot);
  const fwd = new Vector3(0, 0, -1).applyQuaternion(camera.quaternion);
  return visibleTiles(level, m.tileSize, vp.elements, [fwd.x, fwd.y, fwd.z], DEFAULT_TILED_OPTIONS.prefetchMargin).map((t) => t.key);
}

describe('the poster tile plan', () => {
  it('uses the scene\'s prefetch margin', () => {
    expect(POSTER_PREFETCH_MARGIN).toBe(DEFAULT_TILED_OPTIONS.prefetchMargin);
  });

  it('picks the level and the tiles the WebGL scene will want, for phones and desktops at many views', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const screens = [{ width: 390, height: 844, dpr: 2 }, { width: 844, height: 390, dpr: 3 }, { width: 1280, height: 720, dpr: 1 }];
    let compared = 0;
    for (const width of [4096, 8192, 2000]) {
      const m = manifest(width);
      for (const screen of screens) {
        for (let i = 0; i < 40; i++) {
          const long = 30 + random() * 90;
          const v = { ...screen, yaw: random() * 360 - 180, pitch: random() * 180 - 90, vfov: verticalFov(long, screen.width / screen.height) };
          const got = plan(m, 'https://example.test/media/p/manifest.json', v);
          const want = sceneTiles(m, v);
          expect(got.tiles.map((t) => t.key).sort(), JSON.stringify(v)).toEqual([...want].sort());
          compared++;
        }
      }
    }
    expect(compared).toBe(360);
  });

  it('names each tile by the manifest\'s template, relative to the manifest, with its pixel size', () => {
    const m = manifest(4096);
    const got = plan(m, 'https://example.test/media/p/manifest.json', { yaw: 0, pitch: 0, vfov: 100, width: 390, height: 844, dpr: 2 });
    expect(got.level).toBe(2);
    const front = got.tiles.find((t) => t.key === '2/f/1_1');
    expect(front?.url).toBe('https://example.test/media/p/tiles/2/f/1_1.jpg');
    expect(got.tiles[0]?.key).toBe('2/f/1_1'); // nearest the view centre first
    const edge = got.tiles.find((t) => t.key === '2/f/2_2');
    expect([edge?.width, edge?.height]).toEqual([1304 - 1024, 1304 - 1024]);
  });
});
