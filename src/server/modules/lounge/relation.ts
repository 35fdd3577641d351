import type { PersonContact, Relation, RelationState } from '../../../protocol/lounge.ts';
import type { InvitationRow } from './lounge.repository.ts';

/** Section 4's state of an invitation as one side sees it (see RELATION_STATES in src/protocol/lounge.ts). */
export function relationState(viewerId: string, invitation: Pick<InvitationRow, 'fromUserId' | 'status' | 'seenAt'> | undefined): RelationState {
  if (!invitation) return 'none';
  const sender = invitation.fromUserId === viewerId;
  if (invitation.status === 'rejected') return 'rejected';
  if (invitation.status === 'accepted') return sender ? 'connected' : 'confirmed';
  if (!sender) return 'received';
  return invitation.seenAt ? 'wait-confirm' : 'sent';
}

export interface RelationFacts {
  invitation: InvitationRow | undefined;
  /** The viewer blocked the other person. */
  iBlocked: boolean;
  /** The other person blocked the viewer. */
  theyBlocked: boolean;
  /** The other person's contact details, shown only to a connection and never across a block. */
  contact: PersonContact;
}

export function relationFor(viewerId: string, otherId: string, facts: RelationFacts): Relation {
  const state = relationState(viewerId, facts.invitation);
  const connected = state === 'connected' || state === 'confirmed';
  return {
    userId: otherId,
    state,
    invitationId: facts.invitation?.id ?? null,
    note: facts.invitation?.note || null,
    invitedAt: facts.invitation?.createdAt ?? null,
    contact: connected && !facts.iBlocked && !facts.theyBlocked ? facts.contact : null,
    blocked: facts.iBlocked,
  };
}
