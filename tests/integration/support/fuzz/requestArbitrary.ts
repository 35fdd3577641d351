import fc from 'fast-check';
import { anyJson, anyText, jsonSchemaOf, nastyText, partArbitrary, schemaValue } from './schemaArbitrary.ts';

/** A route as Fastify registered it: method, path and the zod schemas of its parts. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown };
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The identities a request may claim: the real owner's, another user's, forged and broken ones, or none. */
export interface FuzzIdentities {
  owner: Record<string, string>;
  stranger: Record<string, string>;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const ODD_METHODS = ['PROPFIND', 'TRACE', 'SEARCH', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'POST', 'GET', 'HEAD'];

const forgedToken = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'), minLength: 43, maxLength: 43 });

function identityArbitrary(ids: FuzzIdentities): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: fc.constant(ids.owner) },
    { weight: 1, arbitrary: fc.constant(ids.stranger) },
    { weight: 1, arbitrary: forgedToken.map((t) => ({ ...ids.owner, 'x-session-token': t })) },
    { weight: 1, arbitrary: fc.constant({ ...ids.owner, 'x-user-id': ids.stranger['x-user-id']! }) },
    { weight: 1, arbitrary: anyText.map((v) => ({ ...ids.owner, 'x-token-type': v.replace(/[^\x20-\x7e]/g, '') })) },
    { weight: 1, arbitrary: fc.constant({ 'x-user-id': ids.owner['x-user-id']! }) },
  );
}

/** A path parameter: a real id from the seed (to reach the handler), a value fitting its schema, or junk. */
function paramArbitrary(name: string, known: Record<string, string[]>, schema: unknown): fc.Arbitrary<string> {
  const json = jsonSchemaOf(schema) as { properties?: Record<string, object> } | null;
  const fitting = json?.properties?.[name] ? schemaValue(json.properties[name] as object).map(asText) : fc.string({ maxLength: 20 });
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(known[name] ?? ['doesNotExist1'])) },
    { weight: 2, arbitrary: fitting.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '')) || 'x') },
    { weight: 1, arbitrary: anyText.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '')) || 'x') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', 'x'.repeat(3000)) },
  );
}

function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const text = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x) ?? '').replace(/[\ud800-\udfff]/g, '');
    if (Array.isArray(v)) for (const item of v) params.append(k, text(item));
    else params.append(k, text(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

const queryArbitrary = (schema: unknown): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: partArbitrary(schema).map(queryString) },
    { weight: 1, arbitrary: fc.constantFrom('?a=%E0%A4%A', '?%=%', '?limit=1e999&offset=-1', '?x=' + 'y'.repeat(5000), '?a[b][c]=1&a=2', '?&&&=') },
  );

const MALFORMED_JSON = ['{', '{"a":', 'nul', '[1,2', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(3000) + ']'.repeat(3000), '"\ud800"', '1e99999', '{"a":1,"a":2}', ''];

/** A multipart body: good parts, a boundary that does not match, no boundary, or a truncated stream. */
const multipartArbitrary = fc.record({
  declared: fc.constantFrom('xBOUNDARYx', '', 'x'.repeat(200), '"quoted"', '\u00e9'),
  used: fc.constantFrom('xBOUNDARYx', 'other', ''),
  field: fc.constantFrom('files', 'file', 'kind', '', '\u0000', 'x'.repeat(300)),
  filename: fc.oneof(fc.constantFrom('a.jpg', '../../x.png', '', 'ф.png', 'a\u0000.jpg'), fc.string({ maxLength: 20 })),
  content: fc.oneof(fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)), fc.constant(Buffer.from('\x89PNG\r\n\x1a\n'))),
  closed: fc.boolean(),
}).map(({ declared, used, field, filename, content, closed }) => {
  const head = Buffer.from(`--${used}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(closed ? `\r\n--${used}--\r\n` : '');
  const contentType = declared ? `multipart/form-data; boundary=${declared}` : 'multipart/form-data';
  return { contentType, payload: Buffer.concat([head, content, tail]) };
});

function bodyArbitrary(schema: unknown): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
  // A route without a body schema reads its body itself: most likely an upload, so multipart comes often.
  const multipartWeight = schema ? 2 : 8;
  return fc.oneof(
    { weight: 6, arbitrary: partArbitrary(schema).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((p) => ({ contentType: 'application/json', payload: p })) },
    { weight: multipartWeight, arbitrary: multipartArbitrary },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png', 'application/json; charset=utf-16', 'application/json; charset=bogus').chain((type) => anyText.map((p) => ({ contentType: type, payload: p }))) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: anyJson.map((v) => ({ payload: JSON.stringify(v) ?? '' })) },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }) }) },
  );
}

/** Every kind of request against one route. */
export function requestArbitrary(route: FuzzRoute, known: Record<string, string[]>, ids: FuzzIdentities): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramArbitrary(n, known, route.schema?.params)));
  return fc
    .record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) }),
      params: names.length ? params : fc.constant([] as string[]),
      query: queryArbitrary(route.schema?.querystring),
      identity: identityArbitrary(ids),
      body: bodyArbitrary(route.schema?.body),
      extra: fc.oneof(
        { weight: 8, arbitrary: fc.constant({} as Record<string, string>) },
        { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ 'content-length': '5' }, { 'accept-encoding': 'br;q=x, *' }, { 'x-forwarded-for': '1.2.3.4, bogus' }, { accept: 'text/event-stream' }, { range: 'bytes=9-1' }) },
      ),
    })
    .map(({ method, params, query, identity, body, extra }) => {
      let i = 0;
      const path = route.url.replace(/:(\w+)/g, () => params[i++] ?? 'x').replace(/\*$/, '');
      const headers: Record<string, string> = { ...identity, ...extra };
      const sendsBody = method !== 'GET' && method !== 'HEAD';
      if (sendsBody && body.contentType) headers['content-type'] = body.contentType;
      return { method, url: path + query, headers, ...(sendsBody && body.payload !== undefined ? { payload: body.payload } : {}) };
    });
}

/** Paths no route registered: odd shapes, traversal, bad encodings, unicode. */
export const oddPathArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom(...ODD_METHODS),
    path: fc.oneof(
      fc.constantFrom('/media/../package.json', '/media/%2e%2e/%2e%2e/etc/passwd', '/%', '/%E0%A4%A', '/v2/%00', '//', '/v2/buildings/openLink/', '/media/.partial-x/a.jpg',
        '/assets/..%2f..%2fpackage.json', '/media/.hidden', '/socket.io/?EIO=4&transport=polling', '/v9/nothing', '/studio/%ZZ', '/healthz/..'),
      fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}`),
      fc.string({ maxLength: 30 }).map((s) => `/v2/${encodeURIComponent(s)}`),
      fc.string({ maxLength: 30 }).map((s) => `/media/${encodeURIComponent(s)}`),
    ),
  })
  .map(({ method, path }) => ({ method, url: path, headers: { accept: 'application/json' } }));

export { nastyText };
