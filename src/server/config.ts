import path from 'node:path';
import { z } from 'zod';

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
  SMTP_URL: optionalUrl,
  /** Address printed and used in links; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How many panoramas may be tiled at once (each job uses all cores through libvips). */
  TILE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Set to "false" to start with an empty database instead of the demo tour. */
  DEMO_TOUR: z.enum(['true', 'false']).default('true'),
  /** Where the built client lives; the server answers deep links with its index.html. */
  CLIENT_DIR: z.string().default('./dist'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  tileConcurrency: number;
  demoTour: boolean;
  clientDir: string;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    tileConcurrency: e.TILE_CONCURRENCY,
    demoTour: e.DEMO_TOUR === 'true',
    clientDir: path.resolve(e.CLIENT_DIR),
  };
}
