// A contract-faithful fake of the wholesale ordering platform (spec section 7), for tests and local trials: production
// and staging on two hosts (two ports), each with its own codes, tokens and data. `npm run fake:ordering` starts it.
import { PlatformEnvironment, type EnvironmentOptions } from './environment.ts';
import { PlatformServer } from './platformServer.ts';

export { FAKE_ACCOUNT, FAKE_OTHER_RETAILER, FAKE_RETAILER } from './seed.ts';

export const FAKE_CLIENT_ID = 'atrium-staging-client';

export interface FakeHost {
  env: PlatformEnvironment;
  server: PlatformServer;
  /** The API base (ORDERING_PRODUCTION_API_URL / ORDERING_STAGING_API_URL). */
  apiUrl: string;
  tokenUrl: string;
  /** Where a retailer's sign-in would send the frame: redirects to redirect_uri with code and session_state. */
  authorizeUrl(redirectUri: string): string;
}

export interface FakePlatform {
  production: FakeHost;
  staging: FakeHost;
  /** The environment variables that point Atrium at this fake. */
  atriumEnv(): Record<string, string>;
  close(): Promise<void>;
}

export interface FakePlatformOptions extends Partial<Omit<EnvironmentOptions, 'name'>> {
  host?: string;
  productionPort?: number;
  stagingPort?: number;
}

export async function startOrderingPlatform(opts: FakePlatformOptions = {}): Promise<FakePlatform> {
  const options = {
    clientId: opts.clientId ?? FAKE_CLIENT_ID,
    clientSecret: opts.clientSecret,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    now: opts.now ?? Date.now,
    deterministic: opts.deterministic ?? false,
  };
  const start = async (name: 'production' | 'staging', port: number | undefined): Promise<FakeHost> => {
    const env = new PlatformEnvironment({ ...options, name });
    const server = new PlatformServer(env);
    const base = await server.listen(port ?? 0, opts.host ?? '127.0.0.1');
    return {
      env, server, apiUrl: base, tokenUrl: `${base}/oauth/token`,
      authorizeUrl: (redirectUri) => `${base}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: options.clientId, redirect_uri: redirectUri })}`,
    };
  };
  const production = await start('production', opts.productionPort);
  const staging = await start('staging', opts.stagingPort);
  return {
    production,
    staging,
    atriumEnv: () => ({
      ORDERING_CLIENT_ID: options.clientId,
      ...(options.clientSecret ? { ORDERING_CLIENT_SECRET: options.clientSecret } : {}),
      ORDERING_PRODUCTION_API_URL: production.apiUrl,
      ORDERING_TOKEN_URL: production.tokenUrl,
      ORDERING_STAGING_API_URL: staging.apiUrl,
      ORDERING_STAGING_TOKEN_URL: staging.tokenUrl,
    }),
    close: async () => {
      await production.server.close();
      await staging.server.close();
    },
  };
}
