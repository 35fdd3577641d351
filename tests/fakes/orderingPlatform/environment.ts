// One environment of the fake wholesale ordering platform (production or staging are two of these on two hosts):
// its authorisation codes, tokens and data. No HTTP here; platformServer.ts speaks HTTP over it.
import { randomBytes } from 'node:crypto';
import { platformSeed, type PlatformSeed, type SeedOrder } from './seed.ts';

export interface LineItem { id: string; order_id: string; sku_id: string; wholesale_price: number; quantity: number }

export interface EnvironmentOptions {
  name: 'production' | 'staging';
  clientId: string;
  /** When set, the token endpoint also requires client_secret. */
  clientSecret?: string;
  /** expires_in of every access token, in seconds. */
  tokenTtlSeconds: number;
  /** Milliseconds since the epoch; tests move it to expire tokens. */
  now: () => number;
  /** Counter-based codes, tokens and ids instead of random ones (the recorded transcript replays exactly). */
  deterministic: boolean;
}

interface CodeGrant { redirectUri: string; expiresAt: number; used: boolean }
interface AccessGrant { expiresAt: number }

/** Codes live a minute, as authorisation codes usually do. */
const CODE_TTL_MS = 60_000;

export class PlatformEnvironment {
  readonly data: PlatformSeed;
  readonly lineItems: LineItem[] = [];
  private readonly codes = new Map<string, CodeGrant>();
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Set<string>();
  private readonly counters = new Map<string, number>();
  /** Every token request and API call, for tests that count refreshes. */
  readonly calls: string[] = [];

  constructor(readonly opts: EnvironmentOptions) {
    this.data = platformSeed();
  }

  private next(kind: string): number {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return n;
  }

  private secret(kind: string): string {
    return this.opts.deterministic ? `${this.opts.name}-${kind}-${this.next(kind)}` : `${kind}-${randomBytes(18).toString('base64url')}`;
  }

  /** The authorisation step: a single-use code bound to the redirect address it was issued for. */
  issueCode(redirectUri: string): { code: string; sessionState: string } {
    const code = this.secret('code');
    this.codes.set(code, { redirectUri, expiresAt: this.opts.now() + CODE_TTL_MS, used: false });
    return { code, sessionState: this.secret('state') };
  }

  /** null when the code is unknown, used, expired, or was issued for another redirect address. */
  redeemCode(code: string, redirectUri: string): boolean {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.expiresAt <= this.opts.now() || grant.redirectUri !== redirectUri) return false;
    grant.used = true;
    return true;
  }

  issueTokens(): { access_token: string; refresh_token: string; expires_in: number; token_type: 'Bearer' } {
    const accessToken = this.secret('access');
    const refreshToken = this.secret('refresh');
    this.access.set(accessToken, { expiresAt: this.opts.now() + this.opts.tokenTtlSeconds * 1000 });
    this.refresh.add(refreshToken);
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: this.opts.tokenTtlSeconds, token_type: 'Bearer' };
  }

  /** Refresh tokens rotate: each works once. */
  spendRefreshToken(token: string): boolean {
    return this.refresh.delete(token);
  }

  tokenValid(token: string): boolean {
    const grant = this.access.get(token);
    return grant !== undefined && grant.expiresAt > this.opts.now();
  }

  /** Ends every access token now (refresh tokens keep working). */
  expireAccessTokens(): void {
    for (const grant of this.access.values()) grant.expiresAt = 0;
  }

  /** Refuses every refresh token from now on (the retailer's platform session ended). */
  revokeRefreshTokens(): void {
    this.refresh.clear();
  }

  /** Orders and line items back to the seed (a retried test starts from the data its first attempt found). */
  resetData(): void {
    Object.assign(this.data, platformSeed());
    this.lineItems.length = 0;
  }

  newOrderId(): string {
    return this.opts.deterministic ? `ORD-${9000 + this.next('order')}` : `ORD-${randomBytes(4).toString('hex').toUpperCase()}`;
  }

  newLineId(): string {
    return this.opts.deterministic ? `LINE-${this.next('line')}` : `LINE-${randomBytes(4).toString('hex').toUpperCase()}`;
  }

  ordersOf(retailer: string, status: string): SeedOrder[] {
    return this.data.orders.filter((o) => o.retailer === retailer && o.status === status);
  }
}
