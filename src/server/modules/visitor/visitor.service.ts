import type { SessionAnswer } from '../../../protocol/accounts.ts';
import {
  ACCESS_CODE_MAX_ATTEMPTS, GATE_MESSAGES, isWhitelisted, VERIFICATION_LIFETIME_MS, VERIFY_PARAM,
  type VerificationAnswer, type VisitorForm,
} from '../../../protocol/visitor.ts';
import { json } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { hashAccessCode, hashLinkToken, newAccessCode, newLinkToken, sameHash } from './verificationSecrets.ts';
import { verificationMail } from './verificationMail.ts';
import type { VerificationRow } from './visitor.repository.ts';

export interface VisitorServiceOptions {
  /** Where the emailed link points: PUBLIC_URL. */
  publicUrl: string;
  /** Milliseconds since the epoch; tests move it forward to expire codes. */
  clock: () => number;
  /** Told why a mail could not be sent (the visitor only hears that it failed). */
  onMailError?: (error: unknown) => void;
}

const invalidCode = (details?: Record<string, unknown>) => new AppError('VALIDATION_FAILED', GATE_MESSAGES.codeInvalid, 'code', details);

/**
 * The visitor gate of spec section 4: the visitor form creates (or finds) a visitor account and emails a six-digit
 * code and a link; either one, used once before it expires, signs the visitor in. Five wrong codes kill a code.
 */
export class VisitorService {
  constructor(
    private readonly repos: Repositories,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    private readonly options: VisitorServiceOptions,
  ) {}

  async signup(body: VisitorForm & { buildingId: string; locale?: string }): Promise<VerificationAnswer> {
    const building = await this.gatedBuilding(body.buildingId);
    const user = await this.visitorAccount(body);
    const at = this.nowIso();
    await this.repos.visitors.insertForm({
      id: newId(), userId: user.id, buildingId: building.id, firstName: body.firstName, lastName: body.lastName, email: body.email,
      phone: body.phone, occupation: body.occupation, company: body.company, locale: body.locale ?? null, createdAt: at,
    });
    return this.sendVerification(user, building, body.email, body.locale ?? null);
  }

  async verifyCode(body: { verificationId?: string; email?: string; code: string }): Promise<SessionAnswer> {
    const row = body.verificationId ? await this.repos.visitors.findVerification(body.verificationId) : await this.repos.visitors.findLatestForEmail(body.email!);
    if (!row || !this.isLive(row)) throw invalidCode();
    if (!sameHash(hashAccessCode(row.id, body.code), row.codeHash)) {
      const attempts = await this.repos.visitors.countWrongAttempt(row.id, ACCESS_CODE_MAX_ATTEMPTS, this.nowIso());
      throw invalidCode({ attemptsLeft: Math.max(0, ACCESS_CODE_MAX_ATTEMPTS - (attempts ?? ACCESS_CODE_MAX_ATTEMPTS)) });
    }
    if (!(await this.repos.visitors.consume(row.id, this.nowIso()))) throw invalidCode();
    return this.signIn(row);
  }

  async verifyLink(token: string): Promise<SessionAnswer> {
    const row = await this.repos.visitors.findByLinkTokenHash(hashLinkToken(token));
    if (!row || !this.isLive(row) || !(await this.repos.visitors.consume(row.id, this.nowIso()))) {
      throw new AppError('VALIDATION_FAILED', 'This link has expired or was already used.', 'token');
    }
    return this.signIn(row);
  }

  /** A new code and link for the same visitor and tour; the old ones stop working at once. */
  async resend(verificationId: string, locale: string | undefined): Promise<VerificationAnswer> {
    const row = await this.repos.visitors.findVerification(verificationId);
    if (!row) throw new AppError('NOT_FOUND', GATE_MESSAGES.resendFailed, 'verificationId');
    const user = await this.repos.users.findById(row.userId);
    const building = await this.repos.buildings.findById(row.buildingId);
    if (!user || !building) throw new AppError('NOT_FOUND', GATE_MESSAGES.resendFailed, 'verificationId');
    await this.repos.visitors.consume(row.id, this.nowIso());
    return this.sendVerification(user, building, row.email, locale ?? row.locale);
  }

  private async gatedBuilding(id: string): Promise<BuildingRow> {
    const building = await this.repos.buildings.findById(id);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.", 'buildingId');
    // Only gated tours send mail: the form is not an open relay for any address.
    if (!building.requireVisitorData && !building.requireWhiteListing) {
      throw new AppError('VALIDATION_FAILED', 'This LiveTour does not ask for visitor data.', 'buildingId');
    }
    return building;
  }

  /**
   * The account the email belongs to, created as a visitor account when there is none. An existing account (a member
   * who fills in the form) is reused: proving the mailbox is what a password reset asks for too. Only visitor accounts
   * take the form's names and phone.
   */
  private async visitorAccount(form: VisitorForm): Promise<UserRow> {
    const existing = await this.repos.users.findByEmail(form.email);
    const profile = {
      firstName: form.firstName, lastName: form.lastName, name: `${form.firstName} ${form.lastName}`, phone: form.phone,
      occupationCustom: form.occupation, companyDisplayName: form.company,
    };
    if (existing) {
      if (existing.userType === 'visitor') await this.repos.users.update(existing.id, profile);
      return (await this.repos.users.findById(existing.id))!;
    }
    const id = newId();
    // The username is the email (what a whitelist lists), unless a member already uses it as a username.
    const username = (await this.repos.users.findByUsername(form.email)) ? `visitor-${id}` : form.email;
    await this.repos.users.insert({ id, username, email: form.email, passwordHash: null, userType: 'visitor', ...profile });
    return (await this.repos.users.findById(id))!;
  }

  private async sendVerification(user: UserRow, building: BuildingRow, email: string, locale: string | null): Promise<VerificationAnswer> {
    const id = newId(16);
    const code = newAccessCode();
    const token = newLinkToken();
    const now = this.options.clock();
    const expiresAt = new Date(now + VERIFICATION_LIFETIME_MS).toISOString();
    await this.repos.visitors.insertVerification({
      id, userId: user.id, buildingId: building.id, email, codeHash: hashAccessCode(id, code), linkTokenHash: hashLinkToken(token),
      locale, createdAt: new Date(now).toISOString(), expiresAt,
    });
    const link = new URL(`${this.options.publicUrl}/${encodeURIComponent(building.id)}`);
    link.searchParams.set(VERIFY_PARAM, token);
    if (locale) link.searchParams.set('locale', locale);
    const tourName = json<Record<string, string>>(building.nameMulti, {})[locale ?? ''] ?? building.name;
    const message = verificationMail({
      to: email, name: user.firstName ?? user.name ?? email, tourName, code, link: link.toString(), minutes: VERIFICATION_LIFETIME_MS / 60_000, locale,
    });
    try {
      await this.mailer.send(message);
    } catch (error) {
      // A code nobody received must not stay usable.
      await this.repos.visitors.consume(id, this.nowIso());
      this.options.onMailError?.(error);
      throw new AppError('MAIL_FAILED', 'The email could not be sent. Please try again later.', 'email');
    }
    return { verificationId: id, email, expiresAt };
  }

  /** Section 5's whitelist rule also guards the verified sign-in: a visitor not on the list gets no session. */
  private async signIn(row: VerificationRow): Promise<SessionAnswer> {
    const user = await this.repos.users.findById(row.userId);
    const building = await this.repos.buildings.findById(row.buildingId);
    if (!user || !building) throw invalidCode();
    if (building.requireWhiteListing && !isWhitelisted(json<string[]>(building.whiteList, []), user.username)) {
      throw new AppError('FORBIDDEN', GATE_MESSAGES.notAuthorized, 'username');
    }
    return this.auth.startSession(user);
  }

  private isLive(row: VerificationRow): boolean {
    return row.consumedAt === null && Date.parse(row.expiresAt) > this.options.clock();
  }

  private nowIso(): string {
    return new Date(this.options.clock()).toISOString();
  }
}
