import { describe, expect, it } from 'vitest';
import { parseRoute, viewerPath } from './routes.ts';

describe('parseRoute', () => {
  it.each([
    ['/', { name: 'default' }],
    ['/default', { name: 'default' }],
    ['/abc123', { name: 'viewer', buildingId: 'abc123', partner: false }],
    ['/abc123/', { name: 'viewer', buildingId: 'abc123', partner: false }],
    ['/abc123/partner', { name: 'viewer', buildingId: 'abc123', partner: true }],
    ['/tour-ring/abc123', { name: 'tour-ring', buildingId: 'abc123' }],
    ['/console', { name: 'console' }],
    ['/login', { name: 'login' }],
    ['/signup', { name: 'signup' }],
    ['/studio', { name: 'studio' }],
    ['/studio/abc123', { name: 'studio-tour', buildingId: 'abc123' }],
    ['/studio/settings', { name: 'studio-settings' }],
    ['/studio/abc123/x', { name: 'not-found' }],
    ['/analytics/abc123', { name: 'analytics', buildingId: 'abc123' }],
    ['/analytics', { name: 'not-found' }],
    ['/analytics/abc123/x', { name: 'not-found' }],
    ['/tour-ring', { name: 'not-found' }],
    ['/abc/other', { name: 'not-found' }],
    ['/a/b/c', { name: 'not-found' }],
    ['/bad%20id', { name: 'not-found' }],
  ])('%s', (path, route) => expect(parseRoute(path)).toEqual(route));

  it('builds viewer paths that parse back', () => {
    expect(parseRoute(viewerPath('x1', true))).toEqual({ name: 'viewer', buildingId: 'x1', partner: true });
  });
});
