import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportError, loadTourDescription } from './loadTourDescription.ts';

const dirs: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-desc-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const tour = (extra: object) => JSON.stringify({ name: 'T', panoramas: [{ id: 'a', file: 'a.jpg', name: 'A' }], ...extra });

describe('loadTourDescription', () => {
  it('makes a one-panorama tour from a single image, named after the file', () => {
    const dir = folder({ 'sea-view_north.jpg': 'x' });
    const { description } = loadTourDescription(path.join(dir, 'sea-view_north.jpg'));
    expect(description.name).toBe('sea view north');
    expect(description.panoramas).toEqual([expect.objectContaining({ id: 'p1', file: 'sea-view_north.jpg', markers: [] })]);
    expect(loadTourDescription(path.join(dir, 'sea-view_north.jpg'), 'Renamed').description.name).toBe('Renamed');
  });

  it('uses the images of a folder without tour.json in name order', () => {
    const dir = folder({ 'b.png': 'x', 'a.jpg': 'x', 'notes.txt': 'x' });
    expect(loadTourDescription(dir).description.panoramas.map((p) => p.file)).toEqual(['a.jpg', 'b.png']);
  });

  it('reads tour.json with markers and teleports', () => {
    const dir = folder({
      'a.jpg': 'x', 'b.jpg': 'x', 'chair.jpg': 'x',
      'tour.json': JSON.stringify({
        name: 'House', panoramas: [
          { id: 'a', file: 'a.jpg', name: 'A', category: 'kitchen', markers: [{ type: 'point', ath: 10, atv: 5, target: 'b' }, { type: 'tag', ath: 0, atv: 0, photos: ['chair.jpg'] }] },
          { id: 'b', file: 'b.jpg', name: 'B', markers: [{ type: 'point', ath: -170, atv: 5, target: 'a' }] },
        ],
      }),
    });
    const { description } = loadTourDescription(dir);
    expect(description.panoramas[0]!.markers).toHaveLength(2);
    expect(description.themeColor).toBe('default');
  });

  it.each([
    ['invalid JSON', '{ name: ', /not valid JSON/],
    ['a missing name', JSON.stringify({ panoramas: [{ id: 'a', file: 'a.jpg', name: 'A' }] }), /name/],
    ['no panoramas', JSON.stringify({ name: 'T', panoramas: [] }), /panoramas/],
    ['a path leaving the folder', tour({ floorplan: '../secret.png' }), /floorplan: must be a path inside the tour folder/],
    ['a missing file', tour({ floorplan: 'plan.png' }), /floorplan: plan.png is not in the tour folder/],
    ['a teleport to an unknown panorama', JSON.stringify({ name: 'T', panoramas: [{ id: 'a', file: 'a.jpg', name: 'A', markers: [{ type: 'point', ath: 0, atv: 0, target: 'zzz' }] }] }), /markers.0.target: no panorama has id "zzz"/],
    ['an unknown marker type', JSON.stringify({ name: 'T', panoramas: [{ id: 'a', file: 'a.jpg', name: 'A', markers: [{ type: 'laser', ath: 0, atv: 0 }] }] }), /markers.0.type/],
    ['an out-of-range atv', JSON.stringify({ name: 'T', panoramas: [{ id: 'a', file: 'a.jpg', name: 'A', markers: [{ type: 'memo', ath: 0, atv: 95 }] }] }), /atv/],
  ])('refuses %s with a message naming the field', (_what, json, message) => {
    const dir = folder({ 'a.jpg': 'x', 'tour.json': json });
    expect(() => loadTourDescription(dir)).toThrow(ImportError);
    expect(() => loadTourDescription(dir)).toThrow(message);
  });

  it('refuses what is neither an image nor a folder', () => {
    const dir = folder({ 'notes.txt': 'x' });
    expect(() => loadTourDescription(path.join(dir, 'notes.txt'))).toThrow(/not a panorama image/);
    expect(() => loadTourDescription(path.join(dir, 'missing'))).toThrow(/does not exist/);
    expect(() => loadTourDescription(dir)).toThrow(/no tour.json and no panorama images/);
  });
});
