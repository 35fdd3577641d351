import { PostgresAdapter, sql, type Kysely } from 'kysely';

// buildings.content_version: a counter the database itself raises on every write that can change what openLink
// answers for the tour (its own row, its panoramas, its markers, its headquarter's row, which decides the layout).
// The assembled-tour cache (modules/buildings/tourAnswerCache.ts) compares it with the version it holds, so no
// write is missed, whichever module, process or script makes it (triggers, not calls in the code that writes).

const SQLITE_UP = [
  // A change of the row itself; the WHEN keeps the triggers' own raise of the counter from firing it again.
  `create trigger buildings_content_version after update on buildings
     when new.content_version = old.content_version
     begin update buildings set content_version = old.content_version + 1 where id = new.id; end`,
  ...['panoramas', 'markers'].flatMap((table) => [
    `create trigger ${table}_content_version_insert after insert on ${table}
       begin update buildings set content_version = content_version + 1 where id = new.building_id; end`,
    `create trigger ${table}_content_version_update after update on ${table}
       begin update buildings set content_version = content_version + 1 where id in (old.building_id, new.building_id); end`,
    `create trigger ${table}_content_version_delete after delete on ${table}
       begin update buildings set content_version = content_version + 1 where id = old.building_id; end`,
  ]),
  `create trigger headquarters_content_version after update on headquarters
     begin update buildings set content_version = content_version + 1 where headquarter_id = new.id; end`,
];

const PG_UP = [
  `create function atrium_building_version() returns trigger language plpgsql as $$
   begin
     if new.content_version = old.content_version then new.content_version := old.content_version + 1; end if;
     return new;
   end $$`,
  `create trigger buildings_content_version before update on buildings for each row execute function atrium_building_version()`,
  `create function atrium_child_version() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then update buildings set content_version = content_version + 1 where id = old.building_id; end if;
     if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.building_id is distinct from old.building_id) then
       update buildings set content_version = content_version + 1 where id = new.building_id;
     end if;
     return null;
   end $$`,
  `create trigger panoramas_content_version after insert or update or delete on panoramas for each row execute function atrium_child_version()`,
  `create trigger markers_content_version after insert or update or delete on markers for each row execute function atrium_child_version()`,
  `create function atrium_headquarter_version() returns trigger language plpgsql as $$
   begin
     update buildings set content_version = content_version + 1 where headquarter_id = new.id;
     return null;
   end $$`,
  `create trigger headquarters_content_version after update on headquarters for each row execute function atrium_headquarter_version()`,
];

const SQLITE_DOWN = [
  'buildings_content_version', 'headquarters_content_version',
  ...['panoramas', 'markers'].flatMap((t) => [`${t}_content_version_insert`, `${t}_content_version_update`, `${t}_content_version_delete`]),
].map((name) => `drop trigger if exists ${name}`);

const PG_DOWN = [
  'drop trigger if exists buildings_content_version on buildings',
  'drop trigger if exists panoramas_content_version on panoramas',
  'drop trigger if exists markers_content_version on markers',
  'drop trigger if exists headquarters_content_version on headquarters',
  'drop function if exists atrium_building_version()',
  'drop function if exists atrium_child_version()',
  'drop function if exists atrium_headquarter_version()',
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('buildings').addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  for (const statement of isPostgres(db) ? PG_UP : SQLITE_UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? PG_DOWN : SQLITE_DOWN) await sql.raw(statement).execute(db);
  await db.schema.alterTable('buildings').dropColumn('content_version').execute();
}
