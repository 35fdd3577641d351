import {
  INVALID_LOGIN_MESSAGE, TOKEN_TYPE, type LoginBody, type ProfileUpdateBody, type Profile, type PublicProfile, type SessionAnswer, type SignupBody,
} from '../../../protocol/accounts.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { UserRow } from '../users/users.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newSessionToken, SESSION_LIFETIME_MS } from './sessionTokens.ts';
import { userForToken, type SessionUser } from './identity.ts';
import { presentProfile, presentPublicProfile } from './users.presenter.ts';

/** Accounts and sessions: the users-and-auth calls of spec section 7. */
export class AuthService {
  constructor(private readonly repos: Repositories) {}

  async signup(body: SignupBody): Promise<SessionAnswer> {
    if (await this.repos.users.findByEmail(body.email)) throw new AppError('CONFLICT', 'This email is already registered.', 'email');
    const username = body.username ?? body.email;
    if (await this.repos.users.findByUsername(username)) throw new AppError('CONFLICT', 'This username is already taken.', 'username');
    const id = newId();
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
    return this.startSession((await this.repos.users.findById(id))!);
  }

  async exists(email: string): Promise<{ exists: boolean }> {
    return { exists: Boolean(await this.repos.users.findByEmail(email)) };
  }

  async login(body: LoginBody): Promise<SessionAnswer> {
    const row = body.username.includes('@')
      ? ((await this.repos.users.findByEmail(body.username)) ?? (await this.repos.users.findByUsername(body.username)))
      : await this.repos.users.findByUsername(body.username);
    const ok = await verifyPassword(row?.passwordHash, body.password);
    if (!row || !ok) throw new AppError('UNAUTHENTICATED', INVALID_LOGIN_MESSAGE);
    // Visitor accounts (made by the visitor gate) may only sign in where the client says visitors are allowed.
    if (row.userType === 'visitor' && !body.allowVisitor) throw new AppError('FORBIDDEN', 'Visitor accounts cannot sign in here.');
    return this.startSession(row);
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
