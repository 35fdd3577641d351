// @vitest-environment jsdom
import { describe, it, expect } from 'vitest';
import type { Marker } from '../../../protocol/tour.ts';
import { markerViewModel, safeUrl, splitPhotos } from './markerViewModel.ts';

function marker(over: Partial<Marker>): Marker {
  return {
    objectId: 'm1', type: 'memo', name: null, description: null, nameMulti: null, descriptionMulti: null,
    categoryMulti: null, priceMulti: null, actionMulti: null, actionLinkMulti: null, category: [], photo: null,
    iconType: null, useCustomIcon: false, iconUrl: null, opacity: 1, disableResizing: false, currentPanoramaId: 'p',
    panoramaId: 'p', buildingId: 'b', nextBuildingId: null, nextPanoramaId: null, link: null, price: null, action: null,
    videoplayAttribute: null, multitagInfo: null, attributes: null, placement: null, companyId: null,
    position: { ath: 0, atv: 0 }, customAttributes: { orderingProductId: null, orderingCollectionId: null },
    ...over,
  };
}

describe('markerViewModel', () => {
  it('builds a tag: translated title, photos, price, action link, wrapped label', () => {
    const vm = markerViewModel(marker({
      type: 'tag', name: 'Harbour three-seat sofa', nameMulti: JSON.stringify({ fr: 'Canapé trois places Harbour' }),
      photo: '/a.jpg, /b.jpg,,', price: '€1,290', action: 'Buy', link: 'https://example.com/shop',
      actionMulti: JSON.stringify({ fr: 'Acheter' }), category: ['furniture', 'living'],
    }), null, 'fr-FR');
    expect(vm.title).toBe('Canapé trois places Harbour');
    expect(vm.labelLines).toEqual(['Canapé trois', 'places Harbour']);
    expect(vm.images).toEqual(['/a.jpg', '/b.jpg']);
    expect(vm.price).toBe('€1,290');
    expect(vm.action).toEqual({ label: 'Acheter', href: 'https://example.com/shop' });
    expect(vm.category).toBe('furniture, living');
    expect(vm.unavailable).toBe(false);
  });
  it('survives broken JSON, missing fields and an empty photo list', () => {
    const vm = markerViewModel(marker({ type: 'gallery', name: 'View', nameMulti: '{"en": ', photo: '' }), null, 'en');
    expect(vm.title).toBe('View');
    expect(vm.images).toEqual([]);
    expect(vm.unavailable).toBe(true);
    expect(markerViewModel(marker({ type: 'tag' }), null, 'en').title).toBe('');
  });
  it('escapes plain descriptions and sanitises HTML ones', () => {
    expect(markerViewModel(marker({ description: 'a < b\nnext' }), null, 'en').html).toBe('a &lt; b<br>next');
    expect(markerViewModel(marker({ description: '<p onclick="x()">Hi<script>1</script></p>' }), null, 'en').html).toBe('<p>Hi</p>');
  });
  it('chooses the media by kind', () => {
    expect(markerViewModel(marker({ type: 'videoplay', link: 'https://youtu.be/abc' }), null, 'en').media)
      .toEqual({ kind: 'video', source: { kind: 'embed', host: 'youtube', url: 'https://www.youtube-nocookie.com/embed/abc' } });
    expect(markerViewModel(marker({ type: 'narration', link: '/a.mp3' }), null, 'en').media).toEqual({ kind: 'audio', url: '/a.mp3' });
    expect(markerViewModel(marker({ type: 'pdf', link: '/b.pdf' }), null, 'en').media).toEqual({ kind: 'pdf', url: '/b.pdf' });
    const popupLink = markerViewModel(marker({ type: 'popup', link: 'https://e.com', attributes: { iconType: 'link' } }), null, 'en');
    expect(popupLink.media).toBeNull();
    expect(popupLink.link).toBe('https://e.com');
    expect(markerViewModel(marker({ type: 'popup', link: 'https://e.com' }), null, 'en').media).toEqual({ kind: 'web', url: 'https://e.com' });
    expect(markerViewModel(marker({ type: 'arMakerTag', attributes: { target: 'https://e.com/ar', widthPercent: 60 } }), null, 'en').media)
      .toEqual({ kind: 'ar', url: 'https://e.com/ar', widthPercent: 60 });
  });
  it('marks kinds without their target as no longer available', () => {
    for (const type of ['videoplay', 'narration', 'pdf', 'popup', 'arMakerTag', 'multitag']) {
      expect(markerViewModel(marker({ type, name: 'x' }), null, 'en').unavailable, type).toBe(true);
    }
    expect(markerViewModel(marker({ type: 'pdf', link: 'javascript:alert(1)' }), null, 'en').unavailable).toBe(true);
  });
  it('lists only the visible multitag entries', () => {
    const vm = markerViewModel(marker({ type: 'multitag', multitagInfo: [
      { name: 'Oven', hidden: false, mainPhoto: '/o.jpg' }, { name: 'Dishwasher', hidden: true, mainPhoto: null },
    ] }), null, 'en');
    expect(vm.entries).toEqual([{ name: 'Oven', photo: '/o.jpg' }]);
  });
});

describe('urls', () => {
  it('keeps web and relative urls only', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:image/png;base64,x')).toBeNull();
    expect(safeUrl('//cdn.e.com/a.jpg')).toBe('//cdn.e.com/a.jpg');
    // Browsers drop tabs and leading control characters before reading the scheme.
    expect(safeUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeUrl('\u0001javascript:alert(1)')).toBeNull();
    expect(safeUrl('/media/../secret')).toBeNull();
    expect(splitPhotos(' /a.jpg ,javascript:x, ')).toEqual(['/a.jpg']);
  });
});
