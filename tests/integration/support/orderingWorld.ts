import type { Db } from '../../../src/server/db/database.ts';
import { createRepositories } from '../../../src/server/db/repositories.ts';
import type { NewMarker } from '../../../src/server/modules/markers/markers.repository.ts';

/** A tour whose tag markers carry the fake platform's product and collection ids (see tests/fakes/orderingPlatform/seed.ts). */
export const ORDERING_WORLD = {
  tour: 'orderTour', pano: 'orderPano', removedTour: 'orderGone',
  sofa: 'mSofa', chair: 'mChair', lamp: 'mLamp', throw: 'mThrow', plainTag: 'mPlain', memo: 'mMemo', unknownStyle: 'mUnknown', goneTag: 'mGone',
} as const;

export async function seedOrderingWorld(db: Db): Promise<void> {
  const r = createRepositories(db);
  const w = ORDERING_WORLD;
  await r.headquarters.insert({ id: 'orderHq', title: 'Showroom', qrUrl: null, partner: 0 });
  await r.users.insert({ id: 'orderOwner', username: 'showroom-owner', userType: 'owner', headquarterId: 'orderHq' });
  await r.buildings.insert({ id: w.tour, headquarterId: 'orderHq', ownerId: 'orderOwner', name: 'Showroom', nameMulti: '{}' });
  await r.buildings.insert({ id: w.removedTour, headquarterId: 'orderHq', ownerId: 'orderOwner', name: 'Old showroom', nameMulti: '{}', removedAt: new Date().toISOString() });
  await r.panoramas.insert({ id: w.pano, buildingId: w.tour, index: 1, name: 'Hall', category: 'livingroom', rawUrl: '/media/raw.jpg', cubemapReady: 1, mediaVersion: 'v1' });
  await r.panoramas.insert({ id: 'orderGonePano', buildingId: w.removedTour, index: 1, name: 'Hall', category: 'livingroom', rawUrl: '/media/raw.jpg', cubemapReady: 1, mediaVersion: 'v1' });
  const tag = (id: string, product: string | null, collection: string | null, extra: Partial<NewMarker> = {}): NewMarker => ({
    id, panoramaId: w.pano, buildingId: w.tour, type: 'tag', ath: 0, atv: 0, category: '[]', name: id,
    orderingProductId: product, orderingCollectionId: collection, ...extra,
  });
  await r.markers.insertMany([
    tag(w.sofa, 'P-100', 'COL-SS27'),
    tag(w.chair, 'P-200', 'COL-AW27'),
    tag(w.lamp, 'P-300', 'COL-SS27'),
    tag(w.throw, 'P-400', 'COL-RESORT'),
    tag(w.unknownStyle, 'P-999', 'COL-SS27'),
    tag(w.plainTag, null, null),
    tag(w.memo, 'P-100', 'COL-SS27', { type: 'memo' }),
    tag(w.goneTag, 'P-100', 'COL-SS27', { panoramaId: 'orderGonePano', buildingId: w.removedTour }),
  ]);
}
