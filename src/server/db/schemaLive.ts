// Table types of the live half: meetings, lounge, tour ring, pilots, ordering, favourites, guides and bookings.
import type { Bool, Generated, Json, Timestamps } from './schemaColumns.ts';

/** Live meetings; see migrations/20261125T1400-create-meetings.ts. */
export interface MeetingsTable {
  id: string;
  buildingId: string;
  hostUserId: string;
  title: string;
  shortCode: string;
  state: string;
  capacity: number;
  seatsTaken: Generated<number>;
  scheduledAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  hostAwaySince: string | null;
  invitees: Json | null;
  leaderParticipantId: string | null;
  janusRoom: string | null;
  janusSecret: string | null;
  janusPin: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
export interface MeetingParticipantsTable {
  id: string;
  meetingId: string;
  userId: string | null;
  visitorKey: string;
  displayName: string;
  role: string;
  state: string;
  credentialHash: string | null;
  credentialExpiresAt: string | null;
  rejoinHash: string;
  audio: Generated<Bool>;
  video: Generated<Bool>;
  cameraFeed: string | null;
  screenFeed: string | null;
  panoramaId: string | null;
  connectionId: string | null;
  joinedAt: string | null;
  awaySince: string | null;
  leftAt: string | null;
  createdAt: string;
}
export interface MeetingHostsTable {
  buildingId: string;
  userId: string;
  createdAt: string;
}

/** An address or device an account signed in from before (hashes only). */
export interface KnownLoginClientsTable {
  userId: string;
  kind: 'address' | 'device';
  keyHash: string;
  lastSuccessAt: string;
}

/** The VR lounge; see migrations/20261125T1700-create-lounge.ts. */
export interface LoungeTicketsTable {
  id: string;
  buildingId: string;
  number: string;
  name: string | null;
  email: string | null;
  role: Generated<string>;
  createdAt: string;
  usedAt: string | null;
  userId: string | null;
}
export interface LoungeInvitationsTable {
  id: string;
  pairKey: string;
  fromUserId: string;
  toUserId: string;
  buildingId: string | null;
  note: string;
  /** pending | accepted | rejected */
  status: string;
  createdAt: string;
  seenAt: string | null;
  answeredAt: string | null;
}
export interface LoungeBlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: string;
}

/** The current visitor session of each visitor and tour: a view is counted when one starts. */
export interface TourViewSessionsTable {
  tourId: string;
  viewKey: string;
  lastSeenAt: string;
}

/** A single-use sign-up invitation (SIGNUP=invite). */
export interface InvitationsTable {
  id: string;
  tokenHash: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Guided tours; see migrations/20261125T1830-create-pilots.ts. */
/** A tour-ring call: ringing until a guide accepts, everyone declines, the visitor hangs up or the deadline passes. */
export interface TourRingCallsTable {
  id: string;
  buildingId: string;
  language: string;
  visitorKey: string;
  visitorUserId: string | null;
  visitorName: string;
  status: 'ringing' | 'accepted' | 'cannot-answer' | 'busy' | 'cancelled';
  guideUserId: string | null;
  meetingId: string | null;
  createdAt: string;
  deadline: string;
  endedAt: string | null;
}
export interface TourRingAttemptsTable {
  callId: string;
  guideUserId: string;
  state: 'ringing' | 'declined' | 'stopped' | 'accepted';
}
/** A call-now form: who to call back, in which language. */
export interface TourCallbacksTable {
  id: string;
  buildingId: string;
  name: string;
  phone: string;
  country: string;
  language: string;
  note: string;
  visitorUserId: string | null;
  createdAt: string;
}
export interface TourPilotsTable {
  buildingId: string;
  userId: string;
  createdAt: string;
}
export interface PilotRecordingsTable {
  id: string;
  buildingId: string;
  pilotId: string;
  clientId: string;
  title: string;
  language: string;
  durationMs: number;
  audioPath: string;
  audioType: string;
  bytes: number;
  cover: string;
  route: string;
  published: Generated<number>;
  createdAt: string;
  updatedAt: string;
}
/** Wholesale ordering; see migrations/20261126T1240-create-ordering.ts. */
export interface OrderingSessionsTable {
  /** SHA-256 (hex) of the session id the browser holds. */
  idHash: string;
  /** production | staging */
  service: string;
  accountId: string;
  retailerId: string;
  accessToken: string;
  refreshToken: string;
  tokenExpiresAt: string;
  currentPriceTypeId: string | null;
  createdAt: string;
  lastUsedAt: string;
}
export interface OrderingLinesTable {
  id: string;
  sessionHash: string;
  orderId: string;
  markerId: string;
  skuId: string;
  wholesalePrice: number;
  quantity: number;
  createdAt: string;
}

/** Favourites of accounts; see migrations/20261126T1500-create-favorites.ts. */
export interface FavoritesTable {
  id: string;
  userId: string;
  identifier: string;
  identifierId: string;
  buildingId: string | null;
  note: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

/** Tour guides and pending guide invitations; see migrations/20261127T0300-create-tour-guides.ts. */
export interface TourGuidesTable extends Timestamps {
  id: string;
  buildingId: string;
  userId: string;
  /** JSON array of language codes. */
  languages: Json;
  timeZone: string;
  /** JSON array of WorkingHours (protocol/guides.ts), in timeZone. */
  workingHours: Json;
}

export interface TourGuideInvitesTable {
  id: string;
  buildingId: string;
  email: string;
  languages: Json;
  timeZone: string;
  workingHours: Json;
  tokenHash: string;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** Booked times with a guide; see migrations/20261127T0330-create-bookings.ts. */
export interface BookingsTable {
  id: string;
  buildingId: string;
  guideId: string | null;
  guideUserId: string | null;
  guideName: string;
  startsAt: string;
  endsAt: string;
  language: string;
  name: string;
  email: string;
  phone: Generated<string>;
  note: Generated<string>;
  timeZone: string;
  locale: string;
  visitorTokenHash: string;
  guideTokenHash: string;
  meetingId: string | null;
  createdAt: string;
  cancelledAt: string | null;
}
