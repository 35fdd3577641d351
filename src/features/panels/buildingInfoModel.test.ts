import { describe, expect, it } from 'vitest';
import type { Tour } from '../../protocol/tour.ts';
import { buildingInfoViewModel, formatCoordinates } from './buildingInfoModel.ts';

const texts = { productNumber: 'Product number', panoramas: 'Panoramas', coordinates: 'Coordinates', updated: 'Last updated' };
const tour = (over: Partial<Tour> = {}) => ({
  name: 'Harbour House', nameMulti: { ar: 'بيت الميناء' }, productNumber: ' HH-42 ', panoramas: [{}, {}, {}],
  mapEnable: true, geoLatitude: 51.7046, geoLongitude: -8.5186, updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
}) as unknown as Tour;

describe('building info view model', () => {
  it('lists the product number, the panoramas, the location and the last update, in the visitor language', () => {
    const vm = buildingInfoViewModel(tour(), 'en', texts);
    expect(vm.name).toBe('Harbour House');
    expect(vm.rows).toEqual([
      { key: 'product-number', label: 'Product number', value: 'HH-42' },
      { key: 'panoramas', label: 'Panoramas', value: '3' },
      { key: 'coordinates', label: 'Coordinates', value: '51.7046° N, 8.5186° W' },
      { key: 'updated', label: 'Last updated', value: 'November 20, 2026' },
    ]);
    const ar = buildingInfoViewModel(tour(), 'ar', texts);
    expect(ar.name).toBe('بيت الميناء');
    expect(ar.rows.find((r) => r.key === 'updated')!.value).toMatch(/نوفمبر/);
  });

  it('leaves out what the owner did not give, and the location where the owner hides the map', () => {
    const vm = buildingInfoViewModel(tour({ productNumber: null, mapEnable: false, updatedAt: 'not a date' }), 'en', texts);
    expect(vm.rows.map((r) => r.key)).toEqual(['panoramas']);
  });

  it('writes coordinates with their hemispheres', () => {
    expect(formatCoordinates(-33.85678, 151.21529)).toBe('33.8568° S, 151.2153° E');
  });
});
