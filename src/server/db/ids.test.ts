import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';
import { bit, bool, json } from './columns.ts';

describe('newId', () => {
  it('makes distinct url-safe ids of the asked length', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(newId(16)).toHaveLength(16);
  });
});

describe('column conversions', () => {
  it('maps booleans to 0/1 and back', () => {
    expect([bool(1), bool(0), bool(null)]).toEqual([true, false, false]);
    expect([bit(true), bit(false), bit(undefined, 1)]).toEqual([1, 0, 1]);
  });
  it('falls back on damaged JSON instead of failing', () => {
    expect(json('{"a":1}', {})).toEqual({ a: 1 });
    expect(json('{broken', { ok: false })).toEqual({ ok: false });
    expect(json(null, [])).toEqual([]);
  });
});
