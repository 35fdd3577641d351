import type { Marker, Panorama } from '../../protocol/tour.ts';

// A fake tour over the dev tile sets in public/dev-tiles (gitignored; made with `npx atrium tile` from the fixture
// photo). For the scene harness of the dev server only; the browser suite tests the real viewer (tests/e2e/scene.spec.ts).

function marker(id: string, panoramaId: string, over: Partial<Marker>): Marker {
  return {
    objectId: id, type: 'tag', name: null, description: null, nameMulti: null, descriptionMulti: null, categoryMulti: null,
    priceMulti: null, actionMulti: null, actionLinkMulti: null, category: [], photo: null, iconType: null, useCustomIcon: false,
    iconUrl: null, opacity: 1, disableResizing: false, currentPanoramaId: panoramaId, panoramaId, buildingId: 'dev',
    nextBuildingId: null, nextPanoramaId: null, link: null, price: null, action: null, videoplayAttribute: null,
    multitagInfo: null, attributes: null, placement: null, companyId: null, position: { ath: 0, atv: 0 },
    customAttributes: { orderingProductId: null, orderingCollectionId: null }, ...over,
  };
}

function panorama(id: string, index: number, over: Partial<Panorama>): Panorama {
  return {
    objectId: id, buildingId: 'dev', index, name: id, category: 'outdoors', customCategory: null, thumbnail: null,
    cubemapReady: true, rawUrl: null, adjustedRawUrl: null, desktopUrl: null, previewUrl: null, cubemapFilePath: null,
    cubemapPreivewUrl: null, cubemapUrl: null, position: null, initialView: null, videoAttribute: null, markers: [], ...over,
  };
}

const kinds = ['memo', 'gallery', 'popup', 'pdf', 'narration', 'multitag', 'sticker', 'videoplay', 'arMakerTag', 'search'];
const arrows = ['leftArrow', 'leftFrontArrow', 'frontArrow', 'rightFrontArrow', 'rightArrow', 'upstairsArrow', 'downstairsArrow'];

export const devTour: Panorama[] = [
  panorama('pano-a', 0, {
    cubemapUrl: '/dev-tiles/a/manifest.json',
    cubemapPreivewUrl: '/dev-tiles/a/first-view.jpg',
    markers: [
      marker('tag-church', 'pano-a', { type: 'tag', name: 'Matthias Church', position: { ath: -40, atv: -8 } }),
      marker('custom-icon', 'pano-a', { type: 'gallery', name: 'Custom icon', useCustomIcon: true, iconUrl: '/dev-tiles/b/preview.jpg', position: { ath: 35, atv: -5 } }),
      marker('go-b', 'pano-a', { type: 'point', iconType: 'frontArrow', name: 'Walk on', nextPanoramaId: 'pano-b', position: { ath: 0, atv: 20 } }),
      ...arrows.map((iconType, i) => marker(`arrow-${iconType}`, 'pano-a', { type: 'point', iconType, name: iconType, position: { ath: 60 + i * 12, atv: 10 } })),
      ...kinds.map((type, i) => marker(`kind-${type}`, 'pano-a', { type, name: type, position: { ath: 60 + i * 10, atv: -12 }, disableResizing: i % 2 === 0, opacity: i === 1 ? 0.5 : 1 })),
    ],
  }),
  panorama('pano-b', 1, {
    category: 'bathroom',
    cubemapUrl: '/dev-tiles/b/manifest.json',
    cubemapPreivewUrl: '/dev-tiles/b/first-view.jpg',
    initialView: { ath: 90, atv: 0, fov: 100 },
    markers: [marker('back-a', 'pano-b', { type: 'teleport', name: 'Back', nextPanoramaId: 'pano-a', position: { ath: 120, atv: 15 } })],
  }),
  panorama('pano-equirect', 2, { cubemapReady: false, desktopUrl: '/dev-tiles/equirect.jpg', markers: [] }),
];
