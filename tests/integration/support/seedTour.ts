import type { Db } from '../../../src/server/db/database.ts';
import { createRepositories } from '../../../src/server/db/repositories.ts';
import type { NewMarker } from '../../../src/server/modules/markers/markers.repository.ts';

/** A small world with every case the read API must handle, with fixed ids so tests read plainly. */
export const SEED = {
  hq: 'hq1', user: 'user1', username: 'Owner1',
  tour: 'tour1', hiddenTour: 'tourHidden', removedTour: 'tourRemoved', offlineTour: 'tourOffline',
  panoA: 'panoA', panoB: 'panoB', panoNoRaw: 'panoNoRaw', panoOdd: 'panoOdd',
  property: 'prop1', company: 'comp1',
} as const;

export async function seedTour(db: Db): Promise<void> {
  const r = createRepositories(db);
  await r.headquarters.insert({ id: SEED.hq, title: 'Harbour Estates', qrUrl: null, partner: 0 });
  await r.users.insert({ id: SEED.user, username: SEED.username, userType: 'owner', headquarterId: SEED.hq });
  const tour = (id: string, extra: Record<string, unknown> = {}) =>
    r.buildings.insert({ id, headquarterId: SEED.hq, ownerId: SEED.user, name: `Tour ${id}`, nameMulti: '{"fr":"Visite"}', ...extra });
  await tour(SEED.tour, { themeColor: 'blue', logoUrl: '/media/assets/logo.png', logoWidth: 200, logoHeight: 80 });
  await tour(SEED.hiddenTour, { hidden: 1 });
  await tour(SEED.removedTour, { removedAt: new Date().toISOString() });
  await tour(SEED.offlineTour, { isOffline: 1 });
  const pano = (id: string, index: number, extra: Record<string, unknown> = {}) =>
    r.panoramas.insert({ id, buildingId: SEED.tour, index, name: `Pano ${id}`, category: 'kitchen', rawUrl: `/media/raw-${id}.jpg`, cubemapReady: 1, mediaVersion: 'v1', ...extra });
  // Inserted out of order on purpose: the API sorts by index.
  await pano(SEED.panoB, 2, { category: 'bathroom' });
  await pano(SEED.panoNoRaw, 0, { rawUrl: null });
  await pano(SEED.panoA, 1, { category: 'kitchen' });
  await pano(SEED.panoOdd, 3, { category: 'wine-cellar' });
  await r.panoramas.insert({ id: 'offlinePano', buildingId: SEED.offlineTour, index: 0, name: 'x', category: 'garden', rawUrl: '/media/x.jpg' });
  await r.companies.insert({ id: SEED.company, headquarterId: SEED.hq, name: 'Nordic Chairs', nameMulti: '{}', description: 'Chairs' });
  const marker = (id: string, panoramaId: string, type: string, extra: Partial<NewMarker> = {}): NewMarker => ({
    id, panoramaId, buildingId: SEED.tour, type, ath: 10, atv: 5, category: '[]', name: `Marker ${id}`, ...extra,
  });
  await r.markers.insertMany([
    marker('mTeleport', SEED.panoA, 'point', { iconType: 'frontArrow', nextPanoramaId: SEED.panoB, nextBuildingId: SEED.tour }),
    marker('mTag', SEED.panoA, 'tag', { photo: '/a.jpg,/b.jpg', price: '€10', nameMulti: '{"ja":"椅子"}', companyId: SEED.company, placement: 'company', orderingProductId: 'P1' }),
    marker('mMosaic', SEED.panoA, 'mosaic'),
    marker('mBack', SEED.panoB, 'point', { iconType: 'leftArrow', nextPanoramaId: SEED.panoA }),
    marker('mBrokenJson', SEED.panoB, 'memo', { nameMulti: '{not json', multitagInfo: '[{"name":"x"}', category: 'oops' }),
  ]);
  await r.properties.insert(
    { id: SEED.property, headquarterId: SEED.hq, name: 'Harbour group', markerFinderEnable: 1, myFavoriteEnable: 0, meta: '{}' },
    [SEED.offlineTour, SEED.tour, SEED.hiddenTour],
  );
}
