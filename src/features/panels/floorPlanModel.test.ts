import { describe, expect, it, vi } from 'vitest';
import type { Tour } from '../../protocol/tour.ts';
import { coneHeading, floorPlanViewModel } from './floorPlanModel.ts';

const texts = { title: 'Floor plan', hint: 'Choose a dot', go: (n: string) => `Go to ${n}`, current: (n: string) => `${n} (you are here)` };
const tour = (over: Partial<Tour> = {}) => ({
  floorplan: '/media/plan.png',
  floorplanSize: { width: 1200, height: 900 },
  compass: 30,
  panoramas: [
    { name: 'Garden', position: { x: 0.1, y: 0.2 } },
    { name: 'Hall', position: null },
    { name: 'Kitchen', position: { x: 0.5, y: 0.6 } },
  ],
  ...over,
}) as unknown as Tour;

describe('floor plan view model', () => {
  it('has a dot for each placed panorama only, keyed by its index in the tour, the current one named as such', () => {
    const vm = floorPlanViewModel(tour(), 2, texts, () => {});
    expect(vm.dots).toEqual([
      { index: 0, x: 0.1, y: 0.2, current: false, label: 'Go to Garden' },
      { index: 2, x: 0.5, y: 0.6, current: true, label: 'Kitchen (you are here)' },
    ]);
    expect(vm).toMatchObject({ image: '/media/plan.png', aspect: 1200 / 900, compass: 30, title: 'Floor plan', hint: 'Choose a dot' });
  });

  it('reads the aspect from the image when the owner gave no size, and has no compass by default', () => {
    const vm = floorPlanViewModel(tour({ floorplanSize: null, compass: null }), 0, texts, () => {});
    expect(vm.aspect).toBeNull();
    expect(vm.compass).toBe(0);
  });

  it('goes to the panorama of the chosen dot', () => {
    const select = vi.fn();
    const vm = floorPlanViewModel(tour(), 0, texts, select);
    vm.select(vm.dots[1]!.index);
    expect(select).toHaveBeenCalledWith(2);
  });

  it('turns the view onto the plan by the compass, within 0..360', () => {
    expect(coneHeading(10, 30)).toBe(40);
    expect(coneHeading(350, 30)).toBe(20);
    expect(coneHeading(-100, 0)).toBe(260);
    expect(coneHeading(-720, -10)).toBe(350);
  });
});
