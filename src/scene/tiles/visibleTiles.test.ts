import { Matrix4, PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import { athAtvToDirection, DEG_TO_RAD } from '../math/angles.ts';
import { faceDirection, tileRect, tileUrl } from './cubeGeometry.ts';
import { polygonIntersectsFrustum, visibleTiles } from './visibleTiles.ts';

/** The same camera the scene builds: yaw right-positive, pitch up-positive, Euler order YXZ. */
function view(yaw: number, pitch: number, vfov: number, aspect: number) {
  const camera = new PerspectiveCamera(vfov, aspect, 0.1, 10);
  camera.rotation.set(pitch * DEG_TO_RAD, -yaw * DEG_TO_RAD, 0, 'YXZ');
  camera.updateMatrixWorld();
  const m = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  const d = athAtvToDirection(yaw, -pitch);
  return { m: m.elements, forward: d };
}

const level2 = { index: 2, faceSize: 1296, tilesPerSide: 3 };
const level0 = { index: 0, faceSize: 324, tilesPerSide: 1 };

describe('cube geometry', () => {
  it('follows the face table of src/protocol/tiles.ts', () => {
    expect(faceDirection('f', 0.5, 0.5)).toEqual([0, -0, -1]);
    expect(faceDirection('r', 0.5, 0.5)).toEqual([1, -0, 0]);
    expect(faceDirection('u', 0.5, 1)).toEqual([0, 1, -1]); // the image bottom of u touches f
    expect(faceDirection('d', 0.5, 0)).toEqual([0, -1, -1]); // the image top of d touches f
    expect(faceDirection('f', 0, 0)).toEqual([-1, 1, -1]); // top-left of the front face
  });
  it('cuts edge tiles short', () => {
    expect(tileRect(level2, 512, 2, 2)).toEqual([1024 / 1296, 1024 / 1296, 1, 1]);
  });
  it('resolves tile urls against the manifest', () => {
    expect(tileUrl('http://h/media/p1/manifest.json', { tileUrl: 'tiles/{level}/{face}/{y}_{x}.jpg' }, 2, 'r', 1, 0))
      .toBe('http://h/media/p1/tiles/2/r/0_1.jpg');
  });
});

describe('visibleTiles', () => {
  it('sees only the front face centre tile through a narrow front view, nearest first', () => {
    const { m, forward } = view(0, 0, 20, 1);
    const tiles = visibleTiles(level2, 512, m, forward);
    expect(tiles.map((t) => t.key)).toEqual(['2/f/1_1']);
    // the grid starts at the top-left corner, so the 512..1024 tile's centre is off the face centre
    expect(tiles[0]!.priority).toBeCloseTo(Math.atan(Math.SQRT2 * (768 / 648 - 1)), 6);
  });
  it('finds a tile bigger than the view even though none of its corners is inside', () => {
    const { m, forward } = view(0, 0, 10, 1);
    expect(visibleTiles(level0, 512, m, forward).map((t) => t.key)).toEqual(['0/f/0_0']);
  });
  it('looks right at ath 90 and up at the zenith', () => {
    const right = view(90, 0, 30, 1);
    expect([...new Set(visibleTiles(level2, 512, right.m, right.forward).map((t) => t.face))]).toEqual(['r']);
    const up = view(0, 90, 60, 1);
    const faces = new Set(visibleTiles(level2, 512, up.m, up.forward).map((t) => t.face));
    expect([...faces]).toEqual(['u']);
  });
  it('sees four faces around a corner and sorts by angle', () => {
    const { m, forward } = view(45, 0, 100, 1);
    const tiles = visibleTiles(level2, 512, m, forward);
    const faces = new Set(tiles.map((t) => t.face));
    expect(faces.has('f') && faces.has('r') && faces.has('u') && faces.has('d')).toBe(true);
    expect(faces.has('b') || faces.has('l')).toBe(false);
    for (let i = 1; i < tiles.length; i++) expect(tiles[i]!.priority).toBeGreaterThanOrEqual(tiles[i - 1]!.priority);
  });
  it('never reports tiles behind the eye, and a margin adds neighbours', () => {
    const { m, forward } = view(0, 0, 20, 1);
    expect(visibleTiles(level2, 512, m, forward).some((t) => t.face === 'b')).toBe(false);
    const wider = visibleTiles(level2, 512, m, forward, 3);
    expect(wider.length).toBeGreaterThan(1);
  });
  it('clips polygons that straddle the eye plane', () => {
    // one vertex in front inside the view, one behind: still visible
    expect(polygonIntersectsFrustum([[0, 0, 0, 1], [0, 0, 0, -1], [0.1, 0, 0, -1]])).toBe(true);
    expect(polygonIntersectsFrustum([[0, 0, 0, -1], [0.1, 0, 0, -1], [0, 0.1, 0, -1]])).toBe(false);
  });
});
