import type { Db } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { INVITATION_DAYS } from '../../../protocol/accounts.ts';
import { hashToken, newSessionToken } from './sessionTokens.ts';

export type SignupPolicy = 'open' | 'invite' | 'closed';

/**
 * Sign-up invitations (SIGNUP=invite): a random token in a link, stored as its SHA-256, usable once before it
 * expires. Spending one is a single conditional UPDATE, so two sign-ups with one link cannot both pass.
 */
export class Invitations {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  /** A new invitation; the link is PUBLIC_URL/signup?invite=<token>. */
  async create(createdBy: string | null, publicUrl: string): Promise<{ url: string; token: string; expiresAt: string }> {
    const token = newSessionToken();
    const now = this.now();
    const expiresAt = new Date(now + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
    await this.db.insertInto('invitations').values({ id: newId(), tokenHash: hashToken(token), createdBy, createdAt: new Date(now).toISOString(), expiresAt, usedAt: null }).execute();
    return { url: `${publicUrl.replace(/\/$/, '')}/signup?invite=${token}`, token, expiresAt };
  }

  /** Spends the invitation or refuses with a message; answers how to give it back if the sign-up then fails. */
  async spend(token: string | undefined): Promise<() => Promise<void>> {
    if (!token) throw new AppError('FORBIDDEN', 'Sign-up on this server is by invitation: open the invitation link you were sent.', 'invite');
    const nowIso = new Date(this.now()).toISOString();
    const tokenHash = hashToken(token);
    const spent = await this.db
      .updateTable('invitations')
      .set({ usedAt: nowIso })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', nowIso)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) throw new AppError('FORBIDDEN', 'This invitation link is not valid any more (used or expired). Ask for a new one.', 'invite');
    return async () => {
      await this.db.updateTable('invitations').set({ usedAt: null }).where('tokenHash', '=', tokenHash).execute();
    };
  }
}

/** The sign-up rule of the SIGNUP setting, before any account is made. */
export async function admitSignup(policy: SignupPolicy, invitations: Invitations | null, invite: string | undefined): Promise<() => Promise<void>> {
  if (policy === 'closed' || (policy === 'invite' && !invitations)) throw new AppError('FORBIDDEN', 'Sign-up is closed on this server. Ask its administrator for an account.');
  if (policy === 'invite') return invitations!.spend(invite);
  return async () => {};
}
