import { describe, expect, it } from 'vitest';
import type { StudioTour } from '../../../protocol/studio.ts';
import { draftOf, draftProblems, patchOf } from './settingsDraft.ts';

const tour = {
  objectId: 't', headquarterId: 'h', name: 'House', nameMulti: { fr: 'Maison' }, description: '', descriptionMulti: {}, themeColor: 'default',
  music: 'none', musicVolume: 50, logoUrl: null, floorplan: null, floorplanSize: null, geoLatitude: null, geoLongitude: null, whiteList: [], embedSites: [],
  thumbnail: null, removedAt: null, draft: false, createdAt: '', updatedAt: '', showComment: false, showContactInfo: false, showPoweredBy: true, mapEnable: false,
  requireVisitorData: false, requireWhiteListing: false, tourRingBtn: false, myFavoriteEnable: false, instantMessagingEnable: false,
  homeButtonEnable: false, markerFinderEnable: false, introAssetsEnable: false, isOffline: false, unavailable: false, hidden: false, panoramas: [],
} satisfies StudioTour;

describe('settings draft', () => {
  it('sends only what changed', () => {
    expect(patchOf(tour, draftOf(tour))).toEqual({});
    const d = { ...draftOf(tour), name: ' Home ', hidden: true, latitude: '47.5', longitude: '19', musicOn: true, music: 'https://x.test/a.mp3' };
    expect(patchOf(tour, d)).toEqual({ name: 'Home', hidden: true, geoLatitude: 47.5, geoLongitude: 19, music: 'https://x.test/a.mp3' });
  });

  it('names the fields to fix before sending', () => {
    expect(draftProblems(draftOf(tour))).toEqual({});
    expect(draftProblems({ ...draftOf(tour), name: ' ', latitude: '95', longitude: '', musicOn: true, music: 'song.mp3' }))
      .toEqual({ name: 'problem.name-required', geoLatitude: 'problem.latitude', music: 'problem.music-url' });
    expect(draftProblems({ ...draftOf(tour), latitude: '10' })).toEqual({ geoLongitude: 'problem.both-coordinates' });
    expect(draftProblems({ ...draftOf(tour), mapEnable: true })).toEqual({ geoLatitude: 'problem.map-needs-location' });
  });
});
