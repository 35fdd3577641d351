import type { Kysely } from 'kysely';

// Instant messaging (spec sections 3, 4, 7). A conversation is either a tour visitor with the tour's organiser, or two
// people (direct). Messages are numbered per conversation (seq): the conversation row's last_seq is raised in the
// same transaction that stores the message, which serialises writers of one conversation on both dialects, so the
// order of seq is the order of commits and "everything after seq N" never skips a message.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A visitor without an account: a name and an email, and a token the browser keeps (stored only as its SHA-256).
  await db.schema
    .createTable('chat_guests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Tour conversations: the tour; direct ones: null.
    .addColumn('building_id', 'text', (c) => c.references('buildings.id').onDelete('cascade'))
    // "user:<id>" or "guest:<id>": the visitor (tour) or the first of the two people (direct, the smaller key).
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('visitor_email', 'text')
    // Direct conversations: the second person, and their name.
    .addColumn('peer_key', 'text')
    .addColumn('peer_name', 'text')
    .addColumn('case_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_type', 'text')
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One conversation per visitor and tour, and per pair of people (NULLs are distinct, so the two never clash).
  await db.schema.createIndex('chat_conversations_tour_visitor').unique().on('chat_conversations').columns(['building_id', 'visitor_key']).execute();
  await db.schema.createIndex('chat_conversations_pair').unique().on('chat_conversations').columns(['visitor_key', 'peer_key']).execute();
  await db.schema.createIndex('chat_conversations_peer').on('chat_conversations').column('peer_key').execute();
  await db.schema.createIndex('chat_conversations_last_at').on('chat_conversations').column('last_at').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON {url, width, height} of a re-encoded image in the media store.
    .addColumn('image', 'text')
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text')
    // 'visitor' or 'organiser' in a tour conversation; the sender's key in a direct one. Unread counts what is not
    // of the reader's own side.
    .addColumn('side_key', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('faq_id', 'text')
    .addColumn('faq_index', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_seq').unique().on('chat_messages').columns(['conversation_id', 'seq']).execute();
  // The idempotent send: a resend with the same client id finds the stored message instead of adding another.
  await db.schema.createIndex('chat_messages_client').unique().on('chat_messages').columns(['conversation_id', 'client_id']).execute();

  // Each person's read mark per conversation (organisers each have their own).
  await db.schema
    .createTable('chat_reads')
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('party_key', 'text', (c) => c.notNull())
    .addColumn('read_seq', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reads_pk', ['conversation_id', 'party_key'])
    .execute();

  await db.schema
    .createTable('chat_faqs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_multi', 'text', (c) => c.notNull())
    .addColumn('answer_multi', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_faqs_building').on('chat_faqs').columns(['building_id', 'position']).execute();

  // People the owner names to answer a tour's visitors.
  await db.schema
    .createTable('chat_agents')
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_agents_pk', ['building_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_agents_user').on('chat_agents').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_agents').execute();
  await db.schema.dropTable('chat_faqs').execute();
  await db.schema.dropTable('chat_reads').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
  await db.schema.dropTable('chat_guests').execute();
}
