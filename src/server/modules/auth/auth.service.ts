import {
  INVALID_LOGIN_MESSAGE, TOKEN_TYPE, type LoginBody, type ProfileUpdateBody, type Profile, type PublicProfile, type SessionAnswer, type SignupBody,
} from '../../../protocol/accounts.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/dbErrors.ts';
import { AppError } from '../../errors.ts';
import type { UserRow } from '../users/users.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newSessionToken, SESSION_LIFETIME_MS } from './sessionTokens.ts';
import { userForToken, type SessionUser } from './identity.ts';
import { presentProfile, presentPublicProfile } from './users.presenter.ts';
import { MemoryAttemptStore, type AttemptStore } from './throttle/attemptStore.ts';
import { SignInGuard, type SignInClient } from './throttle/signInGuard.ts';
import { admitSignup, Invitations, type SignupPolicy } from './invitations.ts';
import type { Db } from '../../db/database.ts';

/** Accounts and sessions: the users-and-auth calls of spec section 7. */
export interface AuthServiceOptions {
  /** Where failed sign-ins are counted (memory by default; Redis with several processes). */
  attempts?: AttemptStore;
  clock?: () => number;
  /** SIGNUP: open (default), invite (an invitation link is needed) or closed (the command line makes accounts). */
  signup?: SignupPolicy;
  /** Where invitation links point (PUBLIC_URL). */
  publicUrl?: string;
}

export class AuthService {
  private readonly guard: SignInGuard;
  private readonly signupPolicy: SignupPolicy;
  private readonly invitations: Invitations | null;
  private readonly publicUrl: string;

  constructor(private readonly repos: Repositories, opts: AuthServiceOptions & { db?: Db } = {}) {
    const clock = opts.clock ?? Date.now;
    this.signupPolicy = opts.signup ?? 'open';
    this.invitations = opts.db ? new Invitations(opts.db, clock) : null;
    this.publicUrl = opts.publicUrl ?? 'http://localhost:8080';
    this.guard = new SignInGuard(opts.attempts ?? new MemoryAttemptStore(clock), repos.knownClients, clock);
  }

  async signup(body: SignupBody): Promise<SessionAnswer> {
    if (await this.repos.users.findByEmail(body.email)) throw new AppError('CONFLICT', 'This email is already registered.', 'email');
    const username = body.username ?? body.email;
    if (await this.repos.users.findByUsername(username)) throw new AppError('CONFLICT', 'This username is already taken.', 'username');
    const id = newId();
    const giveBack = await this.admit(body.invite);
    // Two sign-ups with one email at the same moment both pass the checks above; the unique key decides.
    await this.insertMember(id, username, body).catch(async (error: unknown) => {
      await giveBack();
      if (!isUniqueViolation(error)) throw error;
      if (await this.repos.users.findByEmail(body.email)) throw new AppError('CONFLICT', 'This email is already registered.', 'email');
      throw new AppError('CONFLICT', 'This username is already taken.', 'username');
    });
    return this.startSession((await this.repos.users.findById(id))!);
  }

  private async insertMember(id: string, username: string, body: SignupBody): Promise<void> {
    await this.repos.users.insert({
      id,
      username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      name: `${body.firstName} ${body.lastName}`,
      phone: body.phone ?? null,
      country: body.country ?? null,
      occupationCustom: body.occupationCustom ?? null,
      companyDisplayName: body.companyDisplayName ?? null,
      userType: 'member',
    });
  }

  /** The SIGNUP rule; answers how to give an invitation back when the account cannot be made after all. */
  private admit(invite: string | undefined): Promise<() => Promise<void>> {
    return admitSignup(this.signupPolicy, this.invitations, invite);
  }

  /** An invitation link made by an owner or editor of a headquarter (single use, INVITATION_DAYS). */
  async invite(user: SessionUser): Promise<{ url: string; expiresAt: string }> {
    if (!this.invitations) throw new AppError('FORBIDDEN', 'Invitations are not available.');
    const { url, expiresAt } = await this.invitations.create(user.id, this.publicUrl);
    return { url, expiresAt };
  }

  async exists(email: string): Promise<{ exists: boolean }> {
    return { exists: Boolean(await this.repos.users.findByEmail(email)) };
  }

  /**
   * Password sign-in behind the back-off of SignInGuard. Answers the session and the known-device token the browser
   * keeps (a cookie only the sign-in route reads).
   */
  async login(body: LoginBody, client: SignInClient): Promise<{ session: SessionAnswer; deviceToken: string | null }> {
    const row = body.username.includes('@')
      ? ((await this.repos.users.findByEmail(body.username)) ?? (await this.repos.users.findByUsername(body.username)))
      : await this.repos.users.findByUsername(body.username);
    const check = await this.guard.check(row?.id ?? `name:${body.username.trim().toLowerCase()}`, row?.id ?? null, client);
    const ok = await verifyPassword(row?.passwordHash, body.password);
    if (!row || !ok) {
      await this.guard.failed(check);
      throw new AppError('UNAUTHENTICATED', INVALID_LOGIN_MESSAGE);
    }
    // Visitor accounts (made by the visitor gate) may only sign in where the client says visitors are allowed.
    if (row.userType === 'visitor' && !body.allowVisitor) throw new AppError('FORBIDDEN', 'Visitor accounts cannot sign in here.');
    const deviceToken = await this.guard.succeeded(check, row.id, client);
    return { session: await this.startSession(row), deviceToken };
  }

  /** Login by token (section 7): a client that kept its session token resumes it. */
  async loginByToken(token: string): Promise<SessionAnswer> {
    const found = await userForToken(this.repos, token);
    if (!found) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    const row = (await this.repos.users.findById(found.user.id))!;
    return this.sessionAnswer(row, token, found.expiresAt);
  }

  async logout(tokenHash: string | null): Promise<{ ok: true }> {
    if (tokenHash) await this.repos.sessions.delete(tokenHash);
    return { ok: true };
  }

  async profile(user: SessionUser): Promise<Profile> {
    return presentProfile(await this.userRow(user.id));
  }

  async updateProfile(user: SessionUser, id: string, body: ProfileUpdateBody): Promise<Profile> {
    if (user.id !== id) throw new AppError('FORBIDDEN', 'You can only change your own profile.');
    const row = await this.userRow(id);
    const firstName = body.firstName ?? row.firstName;
    const lastName = body.lastName ?? row.lastName;
    const name = firstName || lastName ? [firstName, lastName].filter(Boolean).join(' ') : row.name;
    await this.repos.users.update(id, { ...body, name });
    return presentProfile(await this.userRow(id));
  }

  /** Section 7 reads the failure from the `error` field, so a wrong old password is an answer, not a thrown error. */
  async changePassword(user: SessionUser, tokenHash: string, oldPassword: string, newPassword: string): Promise<{ ok: boolean; error?: string }> {
    const row = await this.userRow(user.id);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) return { ok: false, error: 'Your current password is incorrect.' };
    await this.repos.users.update(user.id, { passwordHash: await hashPassword(newPassword) });
    await this.repos.sessions.deleteOthers(user.id, tokenHash);
    return { ok: true };
  }

  async publicProfile(id: string): Promise<PublicProfile> {
    const row = await this.repos.users.findById(id);
    if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
    const hq = row.headquarterId ? await this.repos.headquarters.findById(row.headquarterId) : undefined;
    return presentPublicProfile(row, hq);
  }

  /** Creates a session for a user found by other means (the visitor gate signs visitors in this way). */
  async startSession(row: UserRow): Promise<SessionAnswer> {
    const token = newSessionToken();
    const now = Date.now();
    const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
    await this.repos.sessions.insert({ tokenHash: hashToken(token), userId: row.id, createdAt: new Date(now).toISOString(), expiresAt });
    // Housekeeping on sign-in: expired sessions are useless rows (they never authenticate).
    await this.repos.sessions.deleteExpired(new Date(now).toISOString());
    return this.sessionAnswer(row, token, expiresAt);
  }

  private async sessionAnswer(row: UserRow, token: string, expiresAt: string): Promise<SessionAnswer> {
    return {
      sessionToken: token,
      objectId: row.id,
      username: row.username,
      name: row.name,
      headquarter: row.headquarterId ? { objectId: row.headquarterId } : null,
      planTitle: row.planTitle,
      tokenType: TOKEN_TYPE,
      expiresAt,
    };
  }

  private async userRow(id: string): Promise<UserRow> {
    const row = await this.repos.users.findById(id);
    if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return row;
  }
}
