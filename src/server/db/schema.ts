import type { Bool, ColumnType, Generated, Json, Timestamps } from './schemaColumns.ts';
import type * as Social from './schemaSocial.ts';
import type * as Live from './schemaLive.ts';

/**
 * Table types in camelCase (CamelCasePlugin maps them to snake_case columns), split by area: the tours themselves
 * here, social and visitor data in schemaSocial.ts, the live half in schemaLive.ts; Database names them all.
 */
export type * from './schemaSocial.ts';
export type * from './schemaLive.ts';

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
  tourViews: Social.TourViewsTable;
  tourLikes: Social.TourLikesTable;
  tourComments: Social.TourCommentsTable;
  visitorHistories: Social.VisitorHistoriesTable;
  clickCounts: Social.ClickCountsTable;
  visitorReports: Social.VisitorReportsTable;
  visitorForms: Social.VisitorFormsTable;
  visitorVerifications: Social.VisitorVerificationsTable;
  chatGuests: Social.ChatGuestsTable;
  chatConversations: Social.ChatConversationsTable;
  chatMessages: Social.ChatMessagesTable;
  chatReads: Social.ChatReadsTable;
  chatFaqs: Social.ChatFaqsTable;
  chatAgents: Social.ChatAgentsTable;
  meetings: Live.MeetingsTable;
  meetingParticipants: Live.MeetingParticipantsTable;
  meetingHosts: Live.MeetingHostsTable;
  loungeTickets: Live.LoungeTicketsTable;
  loungeInvitations: Live.LoungeInvitationsTable;
  loungeBlocks: Live.LoungeBlocksTable;
  knownLoginClients: Live.KnownLoginClientsTable;
  tourViewSessions: Live.TourViewSessionsTable;
  invitations: Live.InvitationsTable;
  tourPilots: Live.TourPilotsTable;
  pilotRecordings: Live.PilotRecordingsTable;
  orderingSessions: Live.OrderingSessionsTable;
  orderingLines: Live.OrderingLinesTable;
  favorites: Live.FavoritesTable;
  tourRingCalls: Live.TourRingCallsTable;
  tourRingAttempts: Live.TourRingAttemptsTable;
  tourCallbacks: Live.TourCallbacksTable;
  tourGuides: Live.TourGuidesTable;
  tourGuideInvites: Live.TourGuideInvitesTable;
  bookings: Live.BookingsTable;
}

export type { Generated };
