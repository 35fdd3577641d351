import { describe, expect, it } from 'vitest';
import type { Panorama } from '../../protocol/tour.ts';
import { panoramaEntries, XR_PANORAMA_ROWS, xrPanoramaPage } from './panoramaListModel.ts';

const panorama = (i: number, category = 'kitchen', customCategory: string | null = null) =>
  ({ objectId: `p${i}`, name: `Room ${i}`, category, customCategory, thumbnail: `/t${i}.jpg` }) as unknown as Panorama;
const room = (p: Pick<Panorama, 'category' | 'customCategory'>) => (p.category === 'custom' ? p.customCategory ?? 'Custom' : `room:${p.category}`);
const texts = { page: (page: number, count: number) => `${page}/${count}`, previous: 'Previous', next: 'Next' };
const act = { select: () => {}, page: () => {} };

describe('panorama list model', () => {
  it('names each panorama with its room and marks where the visitor is', () => {
    const entries = panoramaEntries([panorama(0), panorama(1, 'custom', 'Terrace')], 1, room);
    expect(entries).toEqual([
      { index: 0, objectId: 'p0', name: 'Room 0', room: 'room:kitchen', thumbnail: '/t0.jpg', current: false },
      { index: 1, objectId: 'p1', name: 'Room 1', room: 'Terrace', thumbnail: '/t1.jpg', current: true },
    ]);
  });

  it('opens the headset list on the page of the current panorama, and keeps a page the wearer chose within range', () => {
    const entries = panoramaEntries(Array.from({ length: 12 }, (_, i) => panorama(i)), 7, room);
    const opened = xrPanoramaPage(entries, null, texts, act);
    expect(opened).toMatchObject({ page: 1, pages: 3, pageLabel: '2/3' });
    expect(opened.entries.map((e) => e.index)).toEqual([5, 6, 7, 8, 9]);
    expect(xrPanoramaPage(entries, 9, texts, act)).toMatchObject({ page: 2, pageLabel: '3/3' });
    expect(xrPanoramaPage(entries, 9, texts, act).entries).toHaveLength(12 - 2 * XR_PANORAMA_ROWS);
    expect(xrPanoramaPage([], null, texts, act)).toMatchObject({ page: 0, pages: 1, entries: [] });
  });
});
