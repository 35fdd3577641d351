import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('uses the embedded defaults', () => {
    const c = parseConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.mediaDir).toBe(path.join(path.resolve('./data'), 'media'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.demoTour).toBe(true);
  });

  it('reads every variable', () => {
    const c = parseConfig({
      PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://tours.example.com/', DEMO_TOUR: 'false', TILE_CONCURRENCY: '2',
    });
    expect(c).toMatchObject({ port: 9000, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', publicUrl: 'https://tours.example.com', demoTour: false, tileConcurrency: 2 });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PUBLIC_URL: '' })).toMatchObject({ databaseUrl: undefined, publicUrl: 'http://localhost:8080' });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DEMO_TOUR: 'yes' })).toThrow(/DEMO_TOUR/);
  });
});
