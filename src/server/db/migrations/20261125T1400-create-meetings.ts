import type { Kysely } from 'kysely';

// Live meetings (spec sections 1, 4, 6, 8). A meeting belongs to one tour and one host; its Janus room and the
// room's secrets live here so any server process can act on it (the browser never sees them). Seats are counted on
// the meeting row (seats_taken) with conditional updates, so two guests joining at once cannot both take the last one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('host_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('short_code', 'text', (c) => c.notNull().unique())
    // scheduled (not started) | live | ended
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('host_away_since', 'text')
    // JSON list of user ids; null: anyone with the link may join (a lounge meeting lists its two people).
    .addColumn('invitees', 'text')
    .addColumn('leader_participant_id', 'text')
    // Janus: the VideoRoom's id (a 53-bit number, kept as text for PostgreSQL's 32-bit integer), its secret and pin.
    .addColumn('janus_room', 'text')
    .addColumn('janus_secret', 'text')
    .addColumn('janus_pin', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meetings_building_idx').on('meetings').columns(['building_id', 'created_at']).execute();
  await db.schema.createIndex('meetings_state_idx').on('meetings').columns(['state', 'host_away_since']).execute();

  await db.schema
    .createTable('meeting_participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // "user:<id>" or "device:<id>" (as the social tables): a removed guest cannot simply join again.
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    // host | guest
    .addColumn('role', 'text', (c) => c.notNull())
    // waiting | joined | away | left | kicked
    .addColumn('state', 'text', (c) => c.notNull())
    // SHA-256 of the single-use join credential and of the rejoin key; the secrets themselves are never stored.
    .addColumn('credential_hash', 'text')
    .addColumn('credential_expires_at', 'text')
    .addColumn('rejoin_hash', 'text', (c) => c.notNull())
    .addColumn('audio', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('video', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('camera_feed', 'text')
    .addColumn('screen_feed', 'text')
    .addColumn('panorama_id', 'text')
    // The socket the participant is in with: a late disconnect of an older socket must not mark them away.
    .addColumn('connection_id', 'text')
    .addColumn('joined_at', 'text')
    .addColumn('away_since', 'text')
    .addColumn('left_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meeting_participants_meeting_idx').on('meeting_participants').columns(['meeting_id', 'state']).execute();

  // The people (agents, guides) an owner names in the studio who may host meetings on a tour, besides its owner and editors.
  await db.schema
    .createTable('meeting_hosts')
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_hosts_pk', ['building_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meeting_hosts').execute();
  await db.schema.dropTable('meeting_participants').execute();
  await db.schema.dropTable('meetings').execute();
}
