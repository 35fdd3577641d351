import type { Migration } from 'kysely';
import * as createCore from './20261122T0900-create-core.ts';
import * as createSessions from './20261122T1000-create-sessions.ts';
import * as createSocial from './20261122T1135-create-social.ts';
import * as createVisitorGate from './20261122T1155-create-visitor-gate.ts';
import * as createAnalytics from './20261122T1150-create-analytics.ts';
import * as createMeetings from './20261125T1400-create-meetings.ts';
import * as createChat from './20261125T1500-create-chat.ts';
import * as createLounge from './20261125T1700-create-lounge.ts';
import * as createKnownLoginClients from './20261125T1100-create-known-login-clients.ts';
import * as createViewSessions from './20261125T1110-create-view-sessions.ts';
import * as addTourDraft from './20261125T1120-add-tour-draft.ts';
import * as createInvitations from './20261125T1130-create-invitations.ts';
import * as createPilots from './20261125T1830-create-pilots.ts';
import * as createOrdering from './20261126T1240-create-ordering.ts';
import * as createFavorites from './20261126T1500-create-favorites.ts';
import * as addPanoramaStoredBytes from './20261126T2000-add-panorama-stored-bytes.ts';
import * as addTourEmbedSites from './20261126T2010-add-tour-embed-sites.ts';
import * as createTourRing from './20261126T2100-create-tour-ring.ts';
import * as createTourGuides from './20261127T0300-create-tour-guides.ts';
import * as addTourContentVersion from './20261127T0320-add-tour-content-version.ts';
import * as createBookings from './20261127T0330-create-bookings.ts';
import * as addOwnerSettingsVersion from './20261127T0400-add-owner-settings-version.ts';

/** Every migration, by its timestamped name. Kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '20261122T0900-create-core': createCore,
  '20261122T1000-create-sessions': createSessions,
  '20261122T1135-create-social': createSocial,
  '20261122T1150-create-analytics': createAnalytics,
  '20261122T1155-create-visitor-gate': createVisitorGate,
  '20261125T1400-create-meetings': createMeetings,
  '20261125T1500-create-chat': createChat,
  '20261125T1700-create-lounge': createLounge,
  '20261125T1100-create-known-login-clients': createKnownLoginClients,
  '20261125T1110-create-view-sessions': createViewSessions,
  '20261125T1120-add-tour-draft': addTourDraft,
  '20261125T1130-create-invitations': createInvitations,
  '20261125T1830-create-pilots': createPilots,
  '20261126T1240-create-ordering': createOrdering,
  '20261126T1500-create-favorites': createFavorites,
  '20261126T2000-add-panorama-stored-bytes': addPanoramaStoredBytes,
  '20261126T2010-add-tour-embed-sites': addTourEmbedSites,
  '20261126T2100-create-tour-ring': createTourRing,
  '20261127T0300-create-tour-guides': createTourGuides,
  '20261127T0320-add-tour-content-version': addTourContentVersion,
  '20261127T0330-create-bookings': createBookings,
  '20261127T0400-add-owner-settings-version': addOwnerSettingsVersion,
};
