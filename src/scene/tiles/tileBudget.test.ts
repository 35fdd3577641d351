import { describe, expect, it } from 'vitest';
import { deviceClass, TILE_BUDGET_MB, tileBudgetBytes } from './tileBudget.ts';

const MB = 1024 * 1024;

describe('tile budget', () => {
  it('tells phones, desktops and headsets apart', () => {
    expect(deviceClass({ xrPresenting: false, coarsePointer: true })).toBe('phone');
    expect(deviceClass({ xrPresenting: false, coarsePointer: false })).toBe('desktop');
    expect(deviceClass({ xrPresenting: true, coarsePointer: true })).toBe('headset');
  });

  it('gives phones the least and desktops the most', () => {
    expect(TILE_BUDGET_MB.phone).toBeLessThan(TILE_BUDGET_MB.headset);
    expect(TILE_BUDGET_MB.headset).toBeLessThan(TILE_BUDGET_MB.desktop);
    expect(tileBudgetBytes('phone')).toBe(TILE_BUDGET_MB.phone * MB);
  });

  it('lets the scene option and then the test switch replace the class budget', () => {
    expect(tileBudgetBytes('desktop', 32)).toBe(32 * MB);
    expect(tileBudgetBytes('desktop', 32, { budgetMB: 8 })).toBe(8 * MB);
    expect(tileBudgetBytes('phone', undefined, { release: false })).toBe(Infinity);
  });
});
