import type { ColumnType, Generated } from 'kysely';

/**
 * Table types in camelCase (CamelCasePlugin maps them to snake_case columns).
 * Portable across SQLite and PostgreSQL: booleans are 0/1 integers (better-sqlite3 cannot bind booleans),
 * JSON is text, timestamps are ISO-8601 text.
 */
type Bool = number;
type Json = string;
type Timestamps = { createdAt: string; updatedAt: string };

export interface HeadquartersTable extends Timestamps {
  id: string;
  title: string;
  qrUrl: string | null;
  partner: Generated<Bool>;
}

export interface UsersTable extends Timestamps {
  id: string;
  username: string;
  email: string | null;
  passwordHash: string | null;
  name: string | null;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  country: string | null;
  occupationCustom: string | null;
  companyDisplayName: string | null;
  portrait: string | null;
  coverPhotoUrl: string | null;
  profileUrl: string | null;
  userType: Generated<string>;
  planTitle: string | null;
  headquarterId: string | null;
  /** JSON: the owner settings of the public profile. */
  settings: Generated<Json>;
  expiredAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

export interface BuildingsTable extends Timestamps {
  id: string;
  headquarterId: string;
  ownerId: string;
  kind: Generated<string>;
  name: string;
  nameMulti: Generated<Json>;
  description: Generated<string>;
  descriptionMulti: Generated<Json>;
  advertiseLink: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the sites that may frame the tour (frame-ancestors sources); null: any site. */
  embedSites: ColumnType<string | null, string | null | undefined, string | null>;
  bookings: ColumnType<Json | null, Json | null | undefined, Json | null>;
  calendar: ColumnType<string | null, string | null | undefined, string | null>;
  showComment: Generated<Bool>;
  showContactInfo: Generated<Bool>;
  showPoweredBy: Generated<Bool>;
  themeColor: Generated<string>;
  unavailable: Generated<Bool>;
  isOffline: Generated<Bool>;
  hidden: Generated<Bool>;
  /** 1 until the owner publishes the tour: not listed, not public. */
  draft: Generated<Bool>;
  mapEnable: Generated<Bool>;
  requireVisitorData: Generated<Bool>;
  requireWhiteListing: Generated<Bool>;
  whiteList: Generated<Json>;
  tourRingBtn: Generated<Bool>;
  compass: ColumnType<number | null, number | null | undefined, number | null>;
  thumbnail: ColumnType<string | null, string | null | undefined, string | null>;
  music: Generated<string>;
  musicVolume: Generated<number>;
  floorplan: ColumnType<string | null, string | null | undefined, string | null>;
  floorplanWidth: ColumnType<number | null, number | null | undefined, number | null>;
  floorplanHeight: ColumnType<number | null, number | null | undefined, number | null>;
  productNumber: ColumnType<string | null, string | null | undefined, string | null>;
  markerFinderEnable: Generated<Bool>;
  geoLatitude: ColumnType<number | null, number | null | undefined, number | null>;
  geoLongitude: ColumnType<number | null, number | null | undefined, number | null>;
  myFavoriteEnable: Generated<Bool>;
  meta: Generated<Json>;
  introAssetsEnable: Generated<Bool>;
  introAssetsAttribute: ColumnType<Json | null, Json | null | undefined, Json | null>;
  instantMessagingEnable: Generated<Bool>;
  homeButtonEnable: Generated<Bool>;
  logoUrl: ColumnType<string | null, string | null | undefined, string | null>;
  logoWidth: ColumnType<number | null, number | null | undefined, number | null>;
  logoHeight: ColumnType<number | null, number | null | undefined, number | null>;
  /** Booking calendar slot length in minutes (default 30). */
  bookingSlotMinutes: Generated<number>;
  /** How long a tour-ring call rings the guides before it gives up, in seconds (default 30). */
  ringTimeoutSeconds: Generated<number>;
  /** Soft delete: a removed tour answers TOUR_REMOVED and can be restored. */
  removedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Raised by database triggers on every write to the row, its panoramas and markers, or its headquarter's row
   * (migration add-tour-content-version): the assembled-tour cache's freshness check.
   */
  contentVersion: Generated<number>;
}

export interface PropertiesTable extends Timestamps {
  id: string;
  headquarterId: string;
  name: string;
  markerFinderEnable: Generated<Bool>;
  myFavoriteEnable: Generated<Bool>;
  meta: Generated<Json>;
}

export interface PropertyBuildingsTable {
  propertyId: string;
  buildingId: string;
  index: number;
}

export interface PanoramasTable extends Timestamps {
  id: string;
  buildingId: string;
  index: number;
  name: string;
  /** Stored as given; the read API maps unknown values to 'custom'. */
  category: Generated<string>;
  customCategory: string | null;
  thumbnail: string | null;
  cubemapReady: Generated<Bool>;
  rawUrl: string | null;
  adjustedRawUrl: string | null;
  desktopUrl: string | null;
  previewUrl: string | null;
  cubemapFilePath: string | null;
  cubemapPreviewUrl: string | null;
  cubemapUrl: string | null;
  /** Folder name of the published tile set; `cubemapReady?fileName=` compares against it. */
  mediaVersion: string | null;
  positionX: number | null;
  positionY: number | null;
  initialAth: number | null;
  initialAtv: number | null;
  initialFov: number | null;
  videoAttribute: string | null;
  /** Bytes on disk (tiles, small views, original); null until measured (panoramas stored before it was kept). */
  storedBytes: Generated<number | string | null>;
}

export interface MarkersTable extends Timestamps {
  id: string;
  panoramaId: string;
  buildingId: string;
  type: string;
  name: string | null;
  nameMulti: string | null;
  description: string | null;
  descriptionMulti: string | null;
  category: Generated<Json>;
  categoryMulti: string | null;
  priceMulti: string | null;
  actionMulti: string | null;
  actionLinkMulti: string | null;
  photo: string | null;
  iconType: string | null;
  useCustomIcon: Generated<Bool>;
  iconUrl: string | null;
  opacity: Generated<number>;
  disableResizing: Generated<Bool>;
  nextBuildingId: string | null;
  nextPanoramaId: string | null;
  link: string | null;
  price: string | null;
  action: string | null;
  videoplayAttribute: Json | null;
  multitagInfo: Json | null;
  attributes: Json | null;
  placement: string | null;
  companyId: string | null;
  ath: number;
  atv: number;
  orderingProductId: string | null;
  orderingCollectionId: string | null;
}

export interface CompaniesTable extends Timestamps {
  id: string;
  headquarterId: string;
  name: string;
  nameMulti: Generated<Json>;
  description: Generated<string>;
  category: string | null;
  logoUrl: string | null;
  email: string | null;
  privacy: string | null;
  terms: string | null;
}

/** Social data (spec section 3); see migrations/20261122T1135-create-social.ts. */
export interface TourViewsTable {
  tourId: string;
  visitId: string;
  visitorKey: string;
  createdAt: string;
}
export interface TourLikesTable {
  tourId: string;
  visitorKey: string;
  createdAt: string;
}
export interface TourCommentsTable {
  id: string;
  tourId: string;
  parentId: string | null;
  userId: string | null;
  authorName: string | null;
  message: string;
  createdAt: string;
}

/** Visitor statistics (spec sections 3 and 7); see migrations/20261122T1150-create-analytics.ts. */
export interface VisitorHistoriesTable {
  id: string;
  buildingId: string;
  userId: string | null;
  visitorKey: string;
  linkSource: string;
  startedAt: string;
  lastSeenAt: string;
  viewingSeconds: Generated<number>;
}
export interface ClickCountsTable {
  id: string;
  buildingId: string;
  identifier: string;
  identifierId: string;
  visitorKey: string;
  at: string;
}
export interface VisitorReportsTable {
  id: string;
  userId: string;
  buildingId: string;
  headquarter: string | null;
  startedAt: string;
  durationSeconds: number;
  reportedAt: string;
}

/** The visitor gate; see migrations/20261122T1155-create-visitor-gate.ts. */
export interface VisitorFormsTable {
  id: string;
  userId: string;
  buildingId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  occupation: string;
  company: string;
  locale: string | null;
  createdAt: string;
}
export interface VisitorVerificationsTable {
  id: string;
  userId: string;
  buildingId: string;
  email: string;
  /** Hashes only: the code and the link token are never stored. */
  codeHash: string;
  linkTokenHash: string;
  attempts: Generated<number>;
  locale: string | null;
  createdAt: string;
  expiresAt: string;
  /** Set when used, replaced by a resend, or killed by too many wrong codes. */
  consumedAt: string | null;
}

/** Instant messaging; see migrations/20261125T1500-create-chat.ts. */
export interface ChatGuestsTable {
  id: string;
  buildingId: string;
  name: string;
  email: string;
  tokenHash: string;
  createdAt: string;
}
export interface ChatConversationsTable {
  id: string;
  kind: string;
  buildingId: string | null;
  visitorKey: string;
  visitorName: string;
  visitorEmail: string | null;
  peerKey: string | null;
  peerName: string | null;
  caseName: string;
  status: Generated<string>;
  lastSeq: Generated<number>;
  lastMessage: Generated<string>;
  lastType: string | null;
  lastAt: string;
  createdAt: string;
}
export interface ChatMessagesTable {
  id: string;
  conversationId: string;
  seq: number;
  type: string;
  body: string;
  image: Json | null;
  senderKey: string;
  senderName: string | null;
  sideKey: string;
  clientId: string | null;
  faqId: string | null;
  faqIndex: number | null;
  createdAt: string;
}
export interface ChatReadsTable {
  conversationId: string;
  partyKey: string;
  readSeq: number;
  updatedAt: string;
}
export interface ChatFaqsTable {
  id: string;
  buildingId: string;
  position: number;
  questionMulti: Json;
  answerMulti: Json;
  updatedAt: string;
}
export interface ChatAgentsTable {
  buildingId: string;
  userId: string;
  createdAt: string;
}
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

export interface Database {
  headquarters: HeadquartersTable;
  users: UsersTable;
  sessions: SessionsTable;
  buildings: BuildingsTable;
  properties: PropertiesTable;
  propertyBuildings: PropertyBuildingsTable;
  panoramas: PanoramasTable;
  markers: MarkersTable;
  companies: CompaniesTable;
  tourViews: TourViewsTable;
  tourLikes: TourLikesTable;
  tourComments: TourCommentsTable;
  visitorHistories: VisitorHistoriesTable;
  clickCounts: ClickCountsTable;
  visitorReports: VisitorReportsTable;
  visitorForms: VisitorFormsTable;
  visitorVerifications: VisitorVerificationsTable;
  chatGuests: ChatGuestsTable;
  chatConversations: ChatConversationsTable;
  chatMessages: ChatMessagesTable;
  chatReads: ChatReadsTable;
  chatFaqs: ChatFaqsTable;
  chatAgents: ChatAgentsTable;
  meetings: MeetingsTable;
  meetingParticipants: MeetingParticipantsTable;
  meetingHosts: MeetingHostsTable;
  loungeTickets: LoungeTicketsTable;
  loungeInvitations: LoungeInvitationsTable;
  loungeBlocks: LoungeBlocksTable;
  knownLoginClients: KnownLoginClientsTable;
  tourViewSessions: TourViewSessionsTable;
  invitations: InvitationsTable;
  tourPilots: TourPilotsTable;
  pilotRecordings: PilotRecordingsTable;
  orderingSessions: OrderingSessionsTable;
  orderingLines: OrderingLinesTable;
  favorites: FavoritesTable;
  tourRingCalls: TourRingCallsTable;
  tourRingAttempts: TourRingAttemptsTable;
  tourCallbacks: TourCallbacksTable;
  tourGuides: TourGuidesTable;
  tourGuideInvites: TourGuideInvitesTable;
  bookings: BookingsTable;
}

export type { Generated };
