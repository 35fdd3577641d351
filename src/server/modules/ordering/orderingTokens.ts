import { AppError } from '../../errors.ts';
import { PlatformError, type OrderingPlatformClient } from './platformClient.ts';
import type { OrderingRepository, OrderingSessionRow } from './ordering.repository.ts';
import { isTokenExpired, tokenExpiresAt } from './tokenExpiry.ts';

export const SESSION_ENDED_MESSAGE = 'Your ordering session has ended. Please open the tour from the ordering platform again.';

/**
 * Keeps a session's access token usable: before each call an expired token is renewed with the refresh token
 * (section 4), and a token the platform refuses anyway (revoked early) is renewed once and the call repeated.
 * Renewals of one session are shared within the process; across processes the repository lets one win.
 */
/** A session for the length of one request: renewed tokens replace the row, so the request's later calls use them. */
export interface SessionRef {
  row: OrderingSessionRow;
}

export class OrderingTokens {
  private readonly renewing = new Map<string, Promise<OrderingSessionRow>>();

  constructor(private readonly repo: OrderingRepository, private readonly now: () => number) {}

  async call<T>(session: SessionRef, client: OrderingPlatformClient, fn: (token: string) => Promise<T>): Promise<T> {
    if (isTokenExpired(Date.parse(session.row.tokenExpiresAt), this.now())) session.row = await this.renew(session.row, client);
    try {
      return await fn(session.row.accessToken);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.kind !== 'unauthorized') throw error;
      session.row = await this.renew(session.row, client, true);
      try {
        return await fn(session.row.accessToken);
      } catch (again) {
        if (again instanceof PlatformError && again.kind === 'unauthorized') throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
        throw again;
      }
    }
  }

  private renew(session: OrderingSessionRow, client: OrderingPlatformClient, refused = false): Promise<OrderingSessionRow> {
    const pending = this.renewing.get(session.idHash);
    if (pending) return pending;
    const work = this.doRenew(session, client, refused).finally(() => this.renewing.delete(session.idHash));
    this.renewing.set(session.idHash, work);
    return work;
  }

  private async doRenew(session: OrderingSessionRow, client: OrderingPlatformClient, refused: boolean): Promise<OrderingSessionRow> {
    // Another request (or process) may have renewed since this one read the row: its tokens are used instead.
    const latest = (await this.repo.find(session.idHash)) ?? null;
    if (!latest) throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    const renewedElsewhere = latest.accessToken !== session.accessToken;
    if (renewedElsewhere && (refused || !isTokenExpired(Date.parse(latest.tokenExpiresAt), this.now()))) return latest;
    let answer;
    try {
      answer = await client.refresh(latest.refreshToken);
    } catch (error) {
      if (error instanceof PlatformError && (error.kind === 'refused' || error.kind === 'unauthorized')) {
        await this.repo.remove(latest.idHash);
        throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
      }
      throw error;
    }
    const tokens = {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      tokenExpiresAt: new Date(tokenExpiresAt(this.now(), answer.expires_in)).toISOString(),
    };
    if (await this.repo.replaceTokens(latest.idHash, latest.refreshToken, tokens)) return { ...latest, ...tokens };
    const winner = await this.repo.find(latest.idHash);
    if (!winner) throw new AppError('ORDERING_SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    return winner;
  }
}
