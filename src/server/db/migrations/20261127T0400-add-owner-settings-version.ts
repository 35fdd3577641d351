import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The owner's settings (users.settings: analytics, themePicker, showPromotionHeader, useAutopilot) travel with every
// tour they own in openLink's answer. A change of them raises buildings.content_version of those tours, as the
// triggers of add-tour-content-version do for the tour's own rows, so the assembled-tour cache of every process
// (and the ETag a visitor holds) sees the change at once, whichever code or script writes it.

const SQLITE_UP = [
  `create trigger users_settings_content_version after update of settings on users
     when new.settings is not old.settings
     begin update buildings set content_version = content_version + 1 where owner_id = new.id; end`,
];

const PG_UP = [
  `create function atrium_owner_settings_version() returns trigger language plpgsql as $$
   begin
     if new.settings is distinct from old.settings then
       update buildings set content_version = content_version + 1 where owner_id = new.id;
     end if;
     return null;
   end $$`,
  `create trigger users_settings_content_version after update of settings on users for each row execute function atrium_owner_settings_version()`,
];

const SQLITE_DOWN = ['drop trigger if exists users_settings_content_version'];
const PG_DOWN = ['drop trigger if exists users_settings_content_version on users', 'drop function if exists atrium_owner_settings_version()'];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The triggers look tours up by owner.
  await db.schema.createIndex('buildings_owner_idx').on('buildings').column('owner_id').execute();
  for (const statement of isPostgres(db) ? PG_UP : SQLITE_UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? PG_DOWN : SQLITE_DOWN) await sql.raw(statement).execute(db);
  await db.schema.dropIndex('buildings_owner_idx').execute();
}
