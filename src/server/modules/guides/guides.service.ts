import type { GuideInput, StudioGuide, StudioGuides, StudioGuidesBody } from '../../../protocol/guides.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newSessionToken } from '../auth/sessionTokens.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { Guide, GuidesRepository } from './guides.repository.ts';

/** How long a guide invitation link works. */
export const GUIDE_INVITE_DAYS = 14;

export interface GuideInviteLink {
  email: string;
  url: string;
}

/** Told about every invitation made, with its link (the mail is sent by the caller's choice of Mailer). */
export type InviteNotifier = (invite: GuideInviteLink & { buildingId: string; tourName: string; inviter: SessionUser; lang: string }) => Promise<void>;

const settingsOf = (g: GuideInput) => ({ languages: g.languages, timeZone: g.timeZone, workingHours: g.workingHours });

/**
 * The studio's guides of a tour. A guide is named by email: an account of the tour's headquarter becomes a guide at
 * once; anyone else (another headquarter's account, or no account yet) gets an invitation and becomes a guide when
 * they accept it signed in with that email. Other modules (tour ring, booking calendar) read guides through
 * `repository`.
 */
export class GuidesService {
  constructor(
    private readonly repos: Repositories,
    readonly repository: GuidesRepository,
    private readonly opts: { publicUrl: string; now?: (() => Date) | undefined; notify?: InviteNotifier | undefined; onNotifyError?: ((error: unknown) => void) | undefined },
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  async studio(buildingId: string): Promise<StudioGuides> {
    const [guides, invites, settings] = await Promise.all([this.repository.list(buildingId), this.repository.invites(buildingId), this.repository.settings(buildingId)]);
    if (!settings) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.');
    const active: StudioGuide[] = guides.map((g) => ({ ...this.present(g), status: 'active' }));
    const invited: StudioGuide[] = invites.map((i) => ({
      email: i.email, languages: i.languages as GuideInput['languages'], timeZone: i.timeZone, workingHours: i.workingHours, status: 'invited', userId: null, name: null,
    }));
    return { guides: [...active, ...invited], settings };
  }

  private present(g: Guide): Omit<StudioGuide, 'status'> {
    return { email: g.email ?? g.username, languages: g.languages as GuideInput['languages'], timeZone: g.timeZone, workingHours: g.workingHours, userId: g.userId, name: g.name };
  }

  /**
   * Replaces the tour's guides and settings. Answers the list and the links of invitations made by this call (shown
   * once to the owner, who may pass them on; they are mailed too).
   */
  async replace(buildingId: string, body: StudioGuidesBody, inviter: SessionUser, lang = 'en'): Promise<StudioGuides & { inviteLinks: GuideInviteLink[] }> {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.');
    const accounts: (ReturnType<typeof settingsOf> & { userId: string })[] = [];
    const pending: (ReturnType<typeof settingsOf> & { email: string; tokenHash: string })[] = [];
    const tokens = new Map<string, string>();
    const existingGuides = await this.repository.list(buildingId);
    for (const g of body.guides) {
      const user = await this.repos.users.findByEmail(g.email);
      // Already a guide of this tour (accepted an invitation earlier): stays one, whatever their headquarter.
      const already = user && existingGuides.some((e) => e.userId === user.id);
      const sameHeadquarter = user && user.userType !== 'visitor' && (user.headquarterId === building.headquarterId || user.id === building.ownerId);
      if (user && (already || sameHeadquarter)) {
        accounts.push({ userId: user.id, ...settingsOf(g) });
      } else {
        const token = newSessionToken();
        tokens.set(g.email, token);
        pending.push({ email: g.email, tokenHash: hashToken(token), ...settingsOf(g) });
      }
    }
    const at = this.now();
    await this.repository.replace(buildingId, accounts, at.toISOString());
    const expiresAt = new Date(at.getTime() + GUIDE_INVITE_DAYS * 86_400_000).toISOString();
    const added = await this.repository.replaceInvites(buildingId, pending, inviter.id, at.toISOString(), expiresAt);
    if (body.settings) await this.repository.updateSettings(buildingId, body.settings, at.toISOString());
    const inviteLinks = added.map((email) => ({ email, url: `${this.opts.publicUrl.replace(/\/$/, '')}/guide-invite?token=${tokens.get(email)!}` }));
    for (const link of inviteLinks) {
      // The owner sees every new link in the answer, so a mail that cannot go out loses nothing.
      await this.opts.notify?.({ ...link, buildingId, tourName: building.name, inviter, lang }).catch((error: unknown) => this.opts.onNotifyError?.(error));
    }
    return { ...(await this.studio(buildingId)), inviteLinks };
  }

  /** The invited person, signed in with the invited email, becomes the tour's guide (once: the invitation is spent). */
  async acceptInvite(user: SessionUser, token: string): Promise<{ buildingId: string; tourName: string }> {
    const invite = await this.repository.inviteByTokenHash(hashToken(token));
    if (!invite || invite.expiresAt <= this.now().toISOString()) throw new AppError('NOT_FOUND', 'This guide invitation is not valid any more (used, withdrawn or expired). Ask the tour owner for a new one.', 'token');
    const account = await this.repos.users.findById(user.id);
    if (!account || account.userType === 'visitor' || account.email?.toLowerCase() !== invite.email) {
      throw new AppError('FORBIDDEN', `This invitation is for ${invite.email}: sign in with that account to accept it.`, 'token');
    }
    if (!(await this.repository.takeInvite(invite.id))) throw new AppError('NOT_FOUND', 'This guide invitation was just used.', 'token');
    await this.repository.upsert(invite.buildingId, user.id, invite, this.now().toISOString());
    const building = await this.repos.buildings.findById(invite.buildingId);
    return { buildingId: invite.buildingId, tourName: building?.name ?? '' };
  }
}
