import { INVITATION_NOTE_MAX } from '../../../protocol/constants.ts';
import { noteProblem, type LoungeState, type PersonCard, type PersonRelation } from '../../../protocol/lounge.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { InvitationRow, LoungeRepository, PersonRow } from './lounge.repository.ts';
import { pairKey } from './lounge.repository.ts';
import { PeopleDirectory, roleOf, type DirectoryEntry } from './people.ts';
import { onePerPerson, type PresenceStore } from './presence/presenceStore.ts';
import { relationFor } from './relation.ts';
import { resolveScope, whitelistAdmits, type LoungeScope } from './scope.ts';
import type { TicketsRepository } from './tickets.repository.ts';

export interface LoungeServiceOptions {
  avatarLimit: number;
  clock?: () => number;
}

/** One change between two people, as each of them now sees it. */
export interface PairChange {
  mine: PersonRelation;
  theirs: PersonRelation;
  otherId: string;
}

export interface Admission {
  scope: LoungeScope;
  me: PersonRow;
  card: PersonCard;
  /** Blocked either way: never shown to this person, nor this person to them. */
  hidden: Set<string>;
}


/**
 * The lounge's rules: who may enter a tour's lounge, what they see of the others, and section 4's invitations and
 * blocks. Every change is written to the database before the gateway acknowledges it or tells anyone.
 */
export class LoungeService {
  private readonly directory: PeopleDirectory;
  private readonly clock: () => number;

  constructor(
    private readonly repo: LoungeRepository,
    private readonly tickets: TicketsRepository,
    private readonly presence: PresenceStore,
    private readonly opts: LoungeServiceOptions,
  ) {
    this.directory = new PeopleDirectory(repo, tickets);
    this.clock = opts.clock ?? Date.now;
  }

  private now = () => new Date(this.clock()).toISOString();

  /** Signed-in people of an open tour, on its whitelist if it has one, with a ticket if the lounge is ticketed. */
  async admit(userId: string, tourId: string, groupId: string | null, panoramaId: string | null): Promise<Admission> {
    const scope = await resolveScope(this.repo, tourId, groupId);
    const [me] = await this.repo.people([userId]);
    if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to join the lounge.');
    const tour = scope.tours.get(tourId)!;
    if (!whitelistAdmits(tour, me.username)) {
      throw new AppError('FORBIDDEN', 'Authentication Failed... username does not exist in the authorized list');
    }
    if (panoramaId) await this.checkPanorama(tourId, panoramaId);
    const ticket = (await this.tickets.boundTo([userId], scope.tourIds))[0];
    const staff = roleOf(me, tour, undefined) !== 'visitor';
    if (!ticket && !staff && (await this.tickets.anyIn(scope.tourIds))) {
      throw new AppError('TICKET_REQUIRED', 'This lounge is for ticket holders: sign in with your ticket number.');
    }
    const card = await this.card(userId, tourId, panoramaId);
    return { scope, me, card, hidden: await this.hiddenFor(userId) };
  }

  /** A panorama of that tour, or a validation failure naming it. */
  async checkPanorama(tourId: string, panoramaId: string): Promise<void> {
    const [panorama] = await this.repo.panoramas([panoramaId]);
    if (!panorama || panorama.buildingId !== tourId) throw new AppError('VALIDATION_FAILED', 'panoramaId: this panorama is not part of the LiveTour.', 'panoramaId');
  }

  async hiddenFor(userId: string): Promise<Set<string>> {
    const { blocked, blockedBy } = await this.repo.blocksOf(userId);
    return new Set([...blocked, ...blockedBy]);
  }

  async card(userId: string, tourId: string | null, panoramaId: string | null): Promise<PersonCard> {
    const entry = (await this.directory.entries([{ userId, tourId, panoramaId }])).get(userId);
    if (!entry) throw new AppError('NOT_FOUND', 'This person does not exist.');
    return entry.card;
  }

  async state(admission: Admission): Promise<LoungeState> {
    const { scope, me, card, hidden } = admission;
    const present = onePerPerson(await this.presence.list(scope.tourIds)).filter((e) => e.userId !== me.id && !hidden.has(e.userId));
    const online = await this.directory.entries(present);
    const invitations = await this.repo.invitationsOf(me.id);
    const { blocked, blockedBy } = await this.repo.blocksOf(me.id);
    const related = [...new Set([...invitations.map((i) => (i.fromUserId === me.id ? i.toUserId : i.fromUserId)), ...blocked])];
    const people = await this.directory.entries(related.map((userId) => ({ userId, tourId: null, panoramaId: null })));
    const byPair = new Map(invitations.map((i) => [i.pairKey, i]));
    const relations = [...people.values()].map((entry) => this.personRelation(me.id, entry, byPair.get(pairKey(me.id, entry.row.id)), {
      iBlocked: blocked.has(entry.row.id), theyBlocked: blockedBy.has(entry.row.id),
    }));
    return {
      me: { userId: me.id, name: card.name, role: card.role },
      online: [...online.values()].map((e) => e.card),
      relations,
      avatarLimit: this.opts.avatarLimit,
      tourIds: scope.tourIds,
    };
  }

  private personRelation(viewerId: string, entry: DirectoryEntry, invitation: InvitationRow | undefined, blocks: { iBlocked: boolean; theyBlocked: boolean }): PersonRelation {
    return {
      person: { ...entry.card, place: null },
      relation: relationFor(viewerId, entry.row.id, { invitation, ...blocks, contact: entry.contact }),
    };
  }

  /** Both sides' view of the pair, as it is now in the database. */
  async pair(meId: string, otherId: string): Promise<PairChange> {
    const people = await this.directory.entries([{ userId: meId, tourId: null, panoramaId: null }, { userId: otherId, tourId: null, panoramaId: null }]);
    const mine = people.get(meId);
    const theirs = people.get(otherId);
    if (!mine || !theirs) throw new AppError('NOT_FOUND', 'This person does not exist.');
    const invitation = await this.repo.invitationBetween(meId, otherId);
    const { blocked, blockedBy } = await this.repo.blocksOf(meId);
    const iBlocked = blocked.has(otherId);
    const theyBlocked = blockedBy.has(otherId);
    return {
      otherId,
      mine: this.personRelation(meId, theirs, invitation, { iBlocked, theyBlocked }),
      theirs: this.personRelation(otherId, mine, invitation, { iBlocked: theyBlocked, theyBlocked: iBlocked }),
    };
  }

  /** Invites someone who is online in the sender's lounge (or already known to them). */
  async invite(meId: string, scope: Pick<LoungeScope, 'tourId' | 'tourIds'>, toUserId: string, note: string): Promise<PairChange> {
    if (toUserId === meId) throw new AppError('VALIDATION_FAILED', 'toUserId: you cannot invite yourself.', 'toUserId');
    if (noteProblem(note)) throw new AppError('VALIDATION_FAILED', `note: the note is too long: at most ${INVITATION_NOTE_MAX} characters.`, 'note');
    if (await this.repo.isBlockedEitherWay(meId, toUserId)) throw new AppError('BLOCKED', 'You cannot invite this person.');
    const here = (await this.presence.list(scope.tourIds)).some((e) => e.userId === toUserId);
    if (!here) throw new AppError('NOT_FOUND', 'This person is not in the lounge any more.');
    const existing = await this.repo.invitationBetween(meId, toUserId);
    if (existing?.status === 'rejected') throw new AppError('INVITATION_REJECTED', 'This invitation was rejected: it cannot be sent again.');
    if (existing) throw new AppError('CONFLICT', 'You already have an invitation with this person.');
    const inserted = await this.repo.insertInvitation({
      id: newId(), pairKey: pairKey(meId, toUserId), fromUserId: meId, toUserId, buildingId: scope.tourId, note: note.trim(),
      status: 'pending', createdAt: this.now(), seenAt: null, answeredAt: null,
    });
    if (!inserted) throw new AppError('CONFLICT', 'You already have an invitation with this person.');
    return this.pair(meId, toUserId);
  }

  /** The receiver's viewer showed the invitation: the sender's state moves to "wait to be confirmed". */
  async seen(meId: string, invitationId: string): Promise<{ change: PairChange; changed: boolean }> {
    const invitation = await this.invitationFor(meId, invitationId, 'to');
    const changed = invitation.status === 'pending' && (await this.repo.markSeen(invitation.id, this.now()));
    return { change: await this.pair(meId, invitation.fromUserId), changed };
  }

  async answer(meId: string, invitationId: string, answer: 'accepted' | 'rejected'): Promise<PairChange> {
    const invitation = await this.invitationFor(meId, invitationId, 'to');
    if (invitation.status === 'rejected') throw new AppError('INVITATION_REJECTED', 'This invitation was rejected: a rejection cannot be undone.');
    if (invitation.status !== 'pending') throw new AppError('CONFLICT', 'This invitation was already answered.');
    if (await this.repo.isBlockedEitherWay(meId, invitation.fromUserId)) throw new AppError('BLOCKED', 'You cannot answer this invitation while one of you blocks the other.');
    if (!(await this.repo.answer(invitation.id, answer, this.now()))) throw new AppError('CONFLICT', 'This invitation was already answered.');
    return this.pair(meId, invitation.fromUserId);
  }

  /** The sender takes back an invitation nobody answered yet. */
  async withdraw(meId: string, invitationId: string): Promise<PairChange> {
    const invitation = await this.invitationFor(meId, invitationId, 'from');
    if (invitation.status === 'rejected') throw new AppError('INVITATION_REJECTED', 'This invitation was rejected: a rejection cannot be undone.');
    if (invitation.status !== 'pending' || !(await this.repo.withdraw(invitation.id))) throw new AppError('CONFLICT', 'This invitation was already answered.');
    return this.pair(meId, invitation.toUserId);
  }

  async block(meId: string, otherId: string): Promise<PairChange> {
    if (otherId === meId) throw new AppError('VALIDATION_FAILED', 'userId: you cannot block yourself.', 'userId');
    if ((await this.repo.people([otherId])).length === 0) throw new AppError('NOT_FOUND', 'This person does not exist.');
    await this.repo.block(meId, otherId, this.now());
    return this.pair(meId, otherId);
  }

  async unblock(meId: string, otherId: string): Promise<PairChange> {
    await this.repo.unblock(meId, otherId);
    return this.pair(meId, otherId);
  }

  private async invitationFor(meId: string, invitationId: string, side: 'from' | 'to'): Promise<InvitationRow> {
    const invitation = await this.repo.findInvitation(invitationId);
    const mine = invitation && (side === 'to' ? invitation.toUserId : invitation.fromUserId) === meId;
    if (!invitation || !mine) throw new AppError('NOT_FOUND', 'This invitation does not exist.');
    return invitation;
  }
}
