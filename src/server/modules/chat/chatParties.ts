import { createHash, randomBytes } from 'node:crypto';
import type { GuestAnswer, GuestBody } from '../../../protocol/chat.ts';
import { newId } from '../../db/ids.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import { EDITOR_TYPES } from '../access/policy.ts';
import type { ChatRepository } from './chat.repository.ts';

/** Someone who chats: a user (member or visitor account), or a guest who gave a name and an email. */
export interface ChatParty {
  /** "user:<id>" or "guest:<id>". */
  key: string;
  userId: string | null;
  name: string;
  email: string | null;
  /** For the organiser rule (owner or editor of the tour's headquarter). */
  userType: string | null;
  headquarterId: string | null;
}

export const hashGuestToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const isEditorType = (userType: string | null): boolean => (EDITOR_TYPES as readonly string[]).includes(userType ?? '');
const TOUR_NOT_FOUND = "Sorry, this LiveTour doesn't exist.";

/** Who is chatting, from a session's user or a guest token; and guests' sign-up. */
export class ChatParties {
  constructor(private readonly repos: Repositories, private readonly chat: ChatRepository, private readonly now: () => Date = () => new Date()) {}

  async forUser(userId: string): Promise<ChatParty | null> {
    const user = await this.repos.users.findById(userId);
    if (!user) return null;
    const name = user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.nickname?.trim() || user.username;
    return { key: `user:${user.id}`, userId: user.id, name, email: user.email, userType: user.userType, headquarterId: user.headquarterId };
  }

  async forGuestToken(token: string): Promise<ChatParty | null> {
    const guest = await this.chat.findGuestByTokenHash(hashGuestToken(token));
    if (!guest) return null;
    return { key: `guest:${guest.id}`, userId: null, name: guest.name, email: guest.email, userType: null, headquarterId: null };
  }

  /**
   * A visitor without an account gives a name and an email to chat on a tour that offers messaging. Tours that ask
   * for visitor data or keep a whitelist do not take guests: their visitors chat with the account the gate gave them.
   */
  async createGuest(body: Required<GuestBody>): Promise<GuestAnswer> {
    const building = await this.repos.buildings.findById(body.buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', TOUR_NOT_FOUND, 'buildingId');
    if (!building.instantMessagingEnable) throw new AppError('FORBIDDEN', 'This LiveTour does not offer instant messaging.', 'buildingId');
    if (building.requireVisitorData || building.requireWhiteListing) {
      throw new AppError('FORBIDDEN', 'This LiveTour asks visitors to sign in through its visitor form first.', 'buildingId');
    }
    const guestToken = randomBytes(32).toString('base64url');
    const guestId = newId(16);
    await this.chat.insertGuest({
      id: guestId, buildingId: building.id, name: body.name.trim(), email: body.email.trim().toLowerCase(),
      tokenHash: hashGuestToken(guestToken), createdAt: this.now().toISOString(),
    });
    return { guestToken, guestId, name: body.name.trim() };
  }
}
