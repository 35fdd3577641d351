import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_SETTINGS, tileUrlProblem, type MapSettings } from '../protocol/mapSettings.ts';
import { parseTrustProxy, type TrustProxySetting } from './http/trustProxy.ts';
import { DEFAULT_REDIS_PREFIX, DEFAULT_TILE_QUEUE, REDIS_NAME_PATTERN } from './redisKeys.ts';

/**
 * The one place environment variables are read. Everything else receives a Config.
 * Parsing fails fast with a message naming the variable, so a typo never becomes a silent default.
 */
/** An empty variable (FOO= in a shell or a .env file) means "not set", not "set to nothing". */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /**
   * This installation's namespace in Redis (redisKeys.ts): two installations on one Redis need two. The default keeps
   * the keys of earlier versions, so an upgrade loses no counter, presence or queued job.
   */
  REDIS_PREFIX: z.preprocess((v) => (v === '' ? undefined : v), z.string()
    .regex(REDIS_NAME_PATTERN, 'letters, digits, dot, dash and underscore only (Atrium adds the colon), at most 100')
    // BullMQ's own prefix: another installation's tile queue on the default namespace lives under `bull:`.
    .refine((v) => v !== 'bull', '"bull" is taken by the tile queue of installations on the default prefix; choose another name')
    .default(DEFAULT_REDIS_PREFIX)),
  SMTP_URL: optionalUrl,
  /** Address printed and used in links; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-account (headquarter) quotas, so one account cannot take the server; 0 means no limit. */
  QUOTA_TOURS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  QUOTA_PANORAMAS: z.coerce.number().int().min(0).max(10_000_000).default(2000),
  QUOTA_STORAGE_GB: z.coerce.number().min(0).max(1_000_000).default(50),
  /** How many panoramas may be tiled at once (each job uses all cores through libvips). */
  TILE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** What this process does: serve the site (web), tile panoramas from the shared queue (worker), or both. */
  ROLE: z.enum(['web', 'worker', 'both']).default('both'),
  /**
   * The shared tile queue's name, inside REDIS_PREFIX's namespace. Before REDIS_PREFIX it was how two installations on
   * one Redis kept their queues apart; that still works, but only REDIS_PREFIX also separates counters and rooms.
   */
  TILE_QUEUE: z.string().regex(REDIS_NAME_PATTERN, 'letters, digits, dot, dash and underscore only').default(DEFAULT_TILE_QUEUE),
  /** How long a tile job stays with a process that stopped renewing its lock (killed) before another may take it. */
  TILE_JOB_LOCK_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** How often worker processes look for such jobs. */
  TILE_JOB_STALLED_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** Set to "false" to start with an empty database instead of the demo tour. */
  DEMO_TOUR: z.enum(['true', 'false']).default('true'),
  /** Where the built client lives; the server answers deep links with its index.html. */
  CLIENT_DIR: z.string().default('./dist'),
  /** Who may create an account: anyone (open), holders of an invitation link (invite), or only the command line (closed). */
  SIGNUP: z.enum(['open', 'invite', 'closed']).default('open'),
  /** The proxies in front of the server whose X-Forwarded-For is believed: false, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z.string().optional().superRefine((value, ctx) => {
    try {
      parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }),
  /** Meetings: an existing Janus's WebSocket API (e.g. ws://127.0.0.1:8188); without it Atrium starts its own. */
  JANUS_URL: optionalUrl,
  JANUS_API_SECRET: z.string().optional(),
  JANUS_ADMIN_KEY: z.string().optional(),
  /** The Janus binary Atrium starts when JANUS_URL is not set; "off" turns meetings off. */
  JANUS_BINARY: z.string().min(1).default('janus'),
  /** UDP ports for the child Janus's media, "min-max" (firewalls); Janus picks any when unset. */
  JANUS_RTP_PORTS: z.string().regex(/^\d{2,5}-\d{2,5}$/, 'must look like 20000-20999').optional(),
  /** How long a meeting waits for its host to come back, and how long a seat is held after a disconnect (spec: 5 min). */
  MEETING_HOST_ABSENCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MEETING_RECONNECT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Signs media passes (gated tours' files); every process of one installation needs the same. Unset: DATA_DIR/server-secret. */
  SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sign-ups one address may make in 10 minutes: raise it for an event whose visitors share one address (a fair's Wi-Fi). */
  SIGNUP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Avatars of other visitors a lounge visitor draws at most in the scene, nearest to where they look first. */
  LOUNGE_AVATAR_LIMIT: z.coerce.number().int().min(0).max(200).default(12),
  /** A guided-tour recording's limit (spec: 10 minutes); tests shorten it to prove the warning and the automatic stop. */
  PILOT_RECORDING_LIMIT_SECONDS: z.coerce.number().int().min(5).max(600).default(600),
  /** The wholesale ordering platform (spec section 7): this product's client id there, and its secret if it has one. */
  ORDERING_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(500).optional()),
  ORDERING_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(2000).optional()),
  /** The platform's API base and token endpoint; production and staging are different hosts. */
  ORDERING_PRODUCTION_API_URL: optionalUrl,
  ORDERING_TOKEN_URL: optionalUrl,
  ORDERING_STAGING_API_URL: optionalUrl,
  ORDERING_STAGING_TOKEN_URL: optionalUrl,
  /** The redirect address registered at the platform: a code is exchanged only for pages under it (default PUBLIC_URL). */
  ORDERING_REDIRECT_URL: optionalUrl,
  /**
   * Media in S3-compatible object storage: one URL `http(s)://KEY:SECRET@host[:port]/bucket[/prefix]?region=R`, or the
   * variables below it. Unset: media stays on local disk under DATA_DIR/media.
   */
  S3_URL: optionalUrl,
  /** The service's address; unset with S3_BUCKET set: Amazon S3 itself (virtual-host addressing). */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional()),
  S3_REGION: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
  /** Unset: the SDK's own chain (instance roles, AWS_* variables, ~/.aws). */
  S3_ACCESS_KEY_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(512).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(512).optional()),
  /** A folder inside the bucket for this installation's media (several installations may share a bucket). */
  S3_PREFIX: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a path like atrium or sites/a').optional()),
  /** How /media answers from object storage: the server streams the bytes (default), or redirects to a presigned URL. */
  S3_SERVE: z.enum(['stream', 'redirect']).default('stream'),
  /** The location map's tiles ({z}/{x}/{y}, https) and the credit their provider requires. */
  MAP_TILE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().superRefine((value, ctx) => {
    const problem = tileUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).default(DEFAULT_MAP_SETTINGS.tileUrl)),
  MAP_ATTRIBUTION: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(300).default(DEFAULT_MAP_SETTINGS.attribution)),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(DEFAULT_MAP_SETTINGS.maxZoom),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** REDIS_PREFIX: every Redis key and channel of this installation derives from it (redisKeys.ts). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  publicUrl: string;
  /** True when PUBLIC_URL or PORT was set: publicUrl is then the operator's word, not a default. */
  addressConfigured: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  tileConcurrency: number;
  role: ServerRole;
  /** The shared tile queue (used only with REDIS_URL): its name, lock and stalled-check interval. */
  tileQueue: { name: string; lockMs: number; stalledMs: number };
  /** Per-account limits; null: none. */
  quotas: { tours: number | null; panoramas: number | null; storageBytes: number | null };
  demoTour: boolean;
  clientDir: string;
  trustProxy: TrustProxySetting;
  signup: 'open' | 'invite' | 'closed';
  janusUrl: string | undefined;
  janusApiSecret: string | undefined;
  janusAdminKey: string | undefined;
  janusBinary: string;
  janusRtpPorts: string | undefined;
  meetingHostAbsenceMs: number;
  meetingReconnectMs: number;
  loungeAvatarLimit: number;
  /** Sign-ups per address per 10 minutes. */
  signupLimit: number;
  pilotLimitMs: number;
  serverSecret: string | undefined;
  /** Null when ORDERING_CLIENT_ID is unset: the ordering routes answer ORDERING_OFF and the viewer shows no ordering. */
  ordering: OrderingConfig | null;
  /** Null: media on local disk (mediaDir). */
  s3: S3Config | null;
  map: MapSettings;
}

export interface S3Config {
  /** Unset: Amazon S3 (the SDK picks the address from the region). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Key prefix inside the bucket, without slashes at either end; '' for the bucket's root. */
  prefix: string;
  /** Path-style addressing (host/bucket/key): what MinIO, Garage, s3rver and most self-hosted services want. */
  forcePathStyle: boolean;
  serve: 'stream' | 'redirect';
}

/** web: HTTP and enqueueing, never tiling; worker: tiling only (HTTP answers /healthz only); both: one process does all. */
export type ServerRole = 'web' | 'worker' | 'both';

export type OrderingServiceName = 'production' | 'staging';
export interface OrderingEndpoints {
  apiUrl: string;
  tokenUrl: string;
}
export interface OrderingConfig {
  clientId: string;
  clientSecret: string | undefined;
  /** Pages under this address may exchange a code (the redirect_uri is the page itself, minus code and session_state). */
  redirectUrl: string;
  services: Partial<Record<OrderingServiceName, OrderingEndpoints>>;
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Without Redis there is no shared queue: a web-only process would never see its uploads tiled, a worker never get a job.
  if (e.ROLE !== 'both' && !e.REDIS_URL) throw new ConfigError(`Invalid environment: ROLE: ${e.ROLE} needs REDIS_URL (the shared tile queue); without it one process does both`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    addressConfigured: e.PUBLIC_URL !== undefined || (env.PORT ?? '') !== '',
    logLevel: e.LOG_LEVEL,
    tileConcurrency: e.TILE_CONCURRENCY,
    role: e.ROLE,
    tileQueue: { name: e.TILE_QUEUE, lockMs: e.TILE_JOB_LOCK_MS, stalledMs: e.TILE_JOB_STALLED_MS },
    quotas: { tours: e.QUOTA_TOURS || null, panoramas: e.QUOTA_PANORAMAS || null, storageBytes: e.QUOTA_STORAGE_GB ? Math.round(e.QUOTA_STORAGE_GB * 1e9) : null },
    demoTour: e.DEMO_TOUR === 'true',
    clientDir: path.resolve(e.CLIENT_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    signup: e.SIGNUP,
    janusUrl: e.JANUS_URL,
    janusApiSecret: e.JANUS_API_SECRET || undefined,
    janusAdminKey: e.JANUS_ADMIN_KEY || undefined,
    janusBinary: e.JANUS_BINARY,
    janusRtpPorts: e.JANUS_RTP_PORTS,
    meetingHostAbsenceMs: e.MEETING_HOST_ABSENCE_SECONDS * 1000,
    meetingReconnectMs: e.MEETING_RECONNECT_SECONDS * 1000,
    loungeAvatarLimit: e.LOUNGE_AVATAR_LIMIT,
    signupLimit: e.SIGNUP_LIMIT,
    serverSecret: e.SERVER_SECRET,
    pilotLimitMs: e.PILOT_RECORDING_LIMIT_SECONDS * 1000,
    ordering: orderingConfig(e, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
    s3: s3Config(e),
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION, maxZoom: e.MAP_MAX_ZOOM },
  };
}

type Env = z.infer<typeof EnvSchema>;

/** Both addresses of a service or neither: half a service would fail only when a retailer arrives. */
function endpoints(name: string, apiUrl: string | undefined, tokenUrl: string | undefined, apiVar: string, tokenVar: string): OrderingEndpoints | undefined {
  if (!apiUrl && !tokenUrl) return undefined;
  if (!apiUrl || !tokenUrl) throw new ConfigError(`Invalid environment: ${apiUrl ? tokenVar : apiVar}: the ${name} ordering platform needs both ${apiVar} and ${tokenVar}`);
  return { apiUrl: apiUrl.replace(/\/$/, ''), tokenUrl };
}

function orderingConfig(e: Env, publicUrl: string): OrderingConfig | null {
  const production = endpoints('production', e.ORDERING_PRODUCTION_API_URL, e.ORDERING_TOKEN_URL, 'ORDERING_PRODUCTION_API_URL', 'ORDERING_TOKEN_URL');
  const staging = endpoints('staging', e.ORDERING_STAGING_API_URL, e.ORDERING_STAGING_TOKEN_URL, 'ORDERING_STAGING_API_URL', 'ORDERING_STAGING_TOKEN_URL');
  if (!e.ORDERING_CLIENT_ID) {
    if (production || staging || e.ORDERING_CLIENT_SECRET) throw new ConfigError('Invalid environment: ORDERING_CLIENT_ID: required when the ordering platform is configured');
    return null;
  }
  if (!production && !staging) {
    throw new ConfigError('Invalid environment: ORDERING_PRODUCTION_API_URL: ORDERING_CLIENT_ID is set but no ordering platform address is (production or staging)');
  }
  return {
    clientId: e.ORDERING_CLIENT_ID,
    clientSecret: e.ORDERING_CLIENT_SECRET,
    redirectUrl: e.ORDERING_REDIRECT_URL ?? `${publicUrl}/`,
    services: { ...(production ? { production } : {}), ...(staging ? { staging } : {}) },
  };
}

/**
 * S3_URL carries everything in one value (endpoint, bucket, optional prefix, credentials, region); the separate
 * variables fill in or override its parts. S3_SERVE without a bucket is ignored: it means nothing for local disk.
 */
function s3Config(e: Env): S3Config | null {
  let endpoint = e.S3_ENDPOINT;
  let bucket = e.S3_BUCKET;
  let prefix = e.S3_PREFIX ?? '';
  let region = e.S3_REGION;
  let accessKeyId = e.S3_ACCESS_KEY_ID;
  let secretAccessKey = e.S3_SECRET_ACCESS_KEY;
  if (e.S3_URL) {
    const url = new URL(e.S3_URL);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('Invalid environment: S3_URL: must be http(s)://KEY:SECRET@host/bucket');
    const [first, ...rest] = url.pathname.split('/').filter(Boolean);
    if (!first) throw new ConfigError('Invalid environment: S3_URL: name the bucket as the first path segment (http(s)://KEY:SECRET@host/bucket)');
    endpoint ??= url.origin;
    bucket ??= decodeURIComponent(first);
    if (!e.S3_PREFIX && rest.length) prefix = rest.map(decodeURIComponent).join('/');
    region ??= url.searchParams.get('region') ?? undefined;
    if (url.username) accessKeyId ??= decodeURIComponent(url.username);
    if (url.password) secretAccessKey ??= decodeURIComponent(url.password);
  }
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new ConfigError('Invalid environment: S3_BUCKET: required when object storage is configured (or give S3_URL)');
    return null;
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(`Invalid environment: ${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: give both the key id and its secret, or neither`);
  }
  return {
    endpoint: endpoint?.replace(/\/$/, ''),
    bucket,
    region: region ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix.replace(/^\/+|\/+$/g, ''),
    forcePathStyle: endpoint !== undefined,
    serve: e.S3_SERVE,
  };
}
