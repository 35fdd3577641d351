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
    expect(c.trustProxy).toBe(false);
    expect(c.addressConfigured).toBe(false);
  });

  it('knows whether the address was configured (PORT or PUBLIC_URL) or is the default', () => {
    expect(parseConfig({ PORT: '8140' })).toMatchObject({ publicUrl: 'http://localhost:8140', addressConfigured: true });
    expect(parseConfig({ PUBLIC_URL: 'https://t.example.com' })).toMatchObject({ publicUrl: 'https://t.example.com', addressConfigured: true });
    expect(parseConfig({ PORT: '', PUBLIC_URL: '' }).addressConfigured).toBe(false);
  });

  it('reads every variable', () => {
    const c = parseConfig({
      PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://tours.example.com/', DEMO_TOUR: 'false', TILE_CONCURRENCY: '2', TRUST_PROXY: '1',
    });
    expect(c.trustProxy).toBe(1);
    expect(c).toMatchObject({ port: 9000, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', publicUrl: 'https://tours.example.com', demoTour: false, tileConcurrency: 2 });
  });

  it('limits each account by default; 0 lifts a limit', () => {
    expect(parseConfig({}).quotas).toEqual({ tours: 100, panoramas: 2000, storageBytes: 50e9 });
    expect(parseConfig({ QUOTA_TOURS: '0', QUOTA_PANORAMAS: '12', QUOTA_STORAGE_GB: '0.5' }).quotas).toEqual({ tours: null, panoramas: 12, storageBytes: 5e8 });
    expect(() => parseConfig({ QUOTA_TOURS: '-1' })).toThrow(/QUOTA_TOURS/);
  });

  it('reads the process role and the shared tile queue; a web-only or worker-only process needs Redis', () => {
    expect(parseConfig({})).toMatchObject({ role: 'both', tileQueue: { name: 'atrium-tiling', lockMs: 30_000, stalledMs: 30_000 } });
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(parseConfig({ ...redis, ROLE: 'worker', TILE_QUEUE: 'tours-eu', TILE_JOB_LOCK_MS: '2000', TILE_JOB_STALLED_MS: '1000' }))
      .toMatchObject({ role: 'worker', tileQueue: { name: 'tours-eu', lockMs: 2000, stalledMs: 1000 } });
    expect(parseConfig({ ...redis, ROLE: 'web' }).role).toBe('web');
    expect(() => parseConfig({ ROLE: 'web' })).toThrow(/ROLE: web needs REDIS_URL/);
    expect(() => parseConfig({ ROLE: 'worker' })).toThrow(/ROLE: worker needs REDIS_URL/);
    expect(() => parseConfig({ ...redis, ROLE: 'tiler' })).toThrow(/ROLE/);
    expect(() => parseConfig({ ...redis, TILE_QUEUE: 'a b' })).toThrow(/TILE_QUEUE/);
  });

  it('reads the installation\'s Redis namespace, "atrium" by default, and names REDIS_PREFIX when it is unusable', () => {
    expect(parseConfig({}).redisPrefix).toBe('atrium');
    expect(parseConfig({ REDIS_PREFIX: '' }).redisPrefix).toBe('atrium');
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'tours-eu.2' }).redisPrefix).toBe('tours-eu.2');
    // A colon would let one installation's prefix reach into another's keys ("a:b" inside "a"); globs would spoil SCANs.
    for (const bad of ['tours:eu', 'a b', 'tours*', 'x'.repeat(101)]) {
      expect(() => parseConfig({ REDIS_PREFIX: bad }), bad).toThrow(/^Invalid environment: REDIS_PREFIX: letters, digits, dot, dash and underscore only/);
    }
    expect(() => parseConfig({ REDIS_PREFIX: 'bull' })).toThrow(/REDIS_PREFIX: "bull" is taken/);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PUBLIC_URL: '' })).toMatchObject({ databaseUrl: undefined, publicUrl: 'http://localhost:8080' });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DEMO_TOUR: 'yes' })).toThrow(/DEMO_TOUR/);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would let any client choose its address/);
  });

  describe('the wholesale ordering platform', () => {
    const production = { ORDERING_CLIENT_ID: 'atrium', ORDERING_PRODUCTION_API_URL: 'https://api.platform.example/', ORDERING_TOKEN_URL: 'https://auth.platform.example/token' };

    it('is off unless a client id is set', () => {
      expect(parseConfig({}).ordering).toBeNull();
    });

    it('reads the client, the hosts of production and staging and the redirect address', () => {
      const c = parseConfig({
        ...production, ORDERING_CLIENT_SECRET: 's3cret', PUBLIC_URL: 'https://tours.example',
        ORDERING_STAGING_API_URL: 'https://api.staging.example', ORDERING_STAGING_TOKEN_URL: 'https://auth.staging.example/token',
      });
      expect(c.ordering).toEqual({
        clientId: 'atrium', clientSecret: 's3cret', redirectUrl: 'https://tours.example/',
        services: {
          production: { apiUrl: 'https://api.platform.example', tokenUrl: 'https://auth.platform.example/token' },
          staging: { apiUrl: 'https://api.staging.example', tokenUrl: 'https://auth.staging.example/token' },
        },
      });
      expect(parseConfig({ ...production, ORDERING_REDIRECT_URL: 'https://tours.example/showroom/' }).ordering?.redirectUrl).toBe('https://tours.example/showroom/');
    });

    it('refuses half a configuration, naming the missing variable', () => {
      expect(() => parseConfig({ ORDERING_CLIENT_ID: 'atrium' })).toThrow(/ORDERING_PRODUCTION_API_URL/);
      expect(() => parseConfig({ ...production, ORDERING_TOKEN_URL: '' })).toThrow(/ORDERING_TOKEN_URL/);
      expect(() => parseConfig({ ORDERING_PRODUCTION_API_URL: 'https://api.platform.example', ORDERING_TOKEN_URL: 'https://a.example/t' })).toThrow(/ORDERING_CLIENT_ID/);
      expect(() => parseConfig({ ...production, ORDERING_STAGING_API_URL: 'https://api.staging.example' })).toThrow(/ORDERING_STAGING_TOKEN_URL/);
      expect(() => parseConfig({ ...production, ORDERING_TOKEN_URL: 'not a url' })).toThrow(/ORDERING_TOKEN_URL/);
    });
  });

  describe('object storage', () => {
    it('is off by default: media on local disk', () => {
      expect(parseConfig({}).s3).toBeNull();
    });

    it('reads everything from S3_URL, and lets the separate variables override its parts', () => {
      const c = parseConfig({ S3_URL: 'https://AKID:se%2Fcret@minio.example:9000/media-bucket/site/a?region=eu-west-3' });
      expect(c.s3).toEqual({
        endpoint: 'https://minio.example:9000', bucket: 'media-bucket', region: 'eu-west-3', prefix: 'site/a',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'se/cret' }, forcePathStyle: true, serve: 'stream',
      });
      expect(parseConfig({ S3_URL: 'http://k:s@127.0.0.1:4568/bk1', S3_BUCKET: 'other', S3_PREFIX: 'p', S3_SERVE: 'redirect' }).s3)
        .toMatchObject({ bucket: 'other', prefix: 'p', region: 'us-east-1', serve: 'redirect' });
    });

    it('takes the parts alone: a bucket without an endpoint is Amazon S3 with the SDK\'s own credentials', () => {
      expect(parseConfig({ S3_BUCKET: 'tours-media', S3_REGION: 'eu-central-1' }).s3).toEqual({
        endpoint: undefined, bucket: 'tours-media', region: 'eu-central-1', prefix: '', credentials: undefined, forcePathStyle: false, serve: 'stream',
      });
    });

    it('refuses half a configuration, naming the variable', () => {
      expect(() => parseConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
      expect(() => parseConfig({ S3_BUCKET: 'bk1', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
      expect(() => parseConfig({ S3_URL: 'http://k:s@127.0.0.1:4568/' })).toThrow(/S3_URL/);
      expect(() => parseConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
      expect(() => parseConfig({ S3_BUCKET: 'bk1', S3_SERVE: 'proxy' })).toThrow(/S3_SERVE/);
    });
  });

  describe('the location map', () => {
    it('uses OpenStreetMap by default and reads the operator\'s tile source and credit', () => {
      expect(parseConfig({}).map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', maxZoom: 19 });
      expect(parseConfig({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png?key=k', MAP_ATTRIBUTION: '© Example', MAP_MAX_ZOOM: '18' }).map)
        .toEqual({ tileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png?key=k', attribution: '© Example', maxZoom: 18 });
      expect(parseConfig({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' }).map.attribution).toBe('© OpenStreetMap contributors');
    });

    it('refuses a tile address the viewer could not use, saying why', () => {
      expect(() => parseConfig({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL: must be an https:\/\/ address/);
      expect(() => parseConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(/MAP_TILE_URL: must contain \{y\}/);
      expect(() => parseConfig({ MAP_MAX_ZOOM: '30' })).toThrow(/MAP_MAX_ZOOM/);
    });
  });
});
