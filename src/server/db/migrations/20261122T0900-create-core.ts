import type { CreateTableBuilder, Kysely } from 'kysely';

// Portable column types only (SQLite + PostgreSQL): text, integer (booleans 0/1), double precision.
// Column names are snake_case here; the CamelCasePlugin maps them for application code.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

const timestamps = (t: Table) =>
  t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
const flag = (t: Table, name: string, initial: 0 | 1) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(initial));

export async function up(db: Kysely<unknown>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('headquarters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull().unique())
      .addColumn('qr_url', 'text')
      .addColumn('partner', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await timestamps(
    db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('name', 'text')
      .addColumn('nickname', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('phone', 'text')
      .addColumn('country', 'text')
      .addColumn('occupation_custom', 'text')
      .addColumn('company_display_name', 'text')
      .addColumn('portrait', 'text')
      .addColumn('cover_photo_url', 'text')
      .addColumn('profile_url', 'text')
      .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('visitor'))
      .addColumn('plan_title', 'text')
      .addColumn('headquarter_id', 'text', (c) => c.references('headquarters.id').onDelete('set null')),
  ).execute();

  let buildings = db.schema
    .createTable('buildings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('headquarter_id', 'text', (c) => c.notNull().references('headquarters.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('BUILDING'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_multi', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_multi', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('advertise_link', 'text')
    .addColumn('bookings', 'text')
    .addColumn('calendar', 'text');
  for (const [name, initial] of [
    ['show_comment', 1], ['show_contact_info', 1], ['show_powered_by', 1], ['unavailable', 0], ['is_offline', 0],
    ['hidden', 0], ['map_enable', 0], ['require_visitor_data', 0], ['require_white_listing', 0], ['tour_ring_btn', 0],
    ['marker_finder_enable', 0], ['my_favorite_enable', 0], ['intro_assets_enable', 0], ['instant_messaging_enable', 0],
    ['home_button_enable', 0],
  ] as const) buildings = flag(buildings, name, initial);
  buildings = buildings
    .addColumn('theme_color', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('white_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('compass', 'double precision')
    .addColumn('thumbnail', 'text')
    .addColumn('music', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('music_volume', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('floorplan', 'text')
    .addColumn('floorplan_width', 'integer')
    .addColumn('floorplan_height', 'integer')
    .addColumn('product_number', 'text')
    .addColumn('geo_latitude', 'double precision')
    .addColumn('geo_longitude', 'double precision')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('intro_assets_attribute', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('removed_at', 'text');
  await timestamps(buildings).execute();
  await db.schema.createIndex('buildings_headquarter_idx').on('buildings').column('headquarter_id').execute();

  await timestamps(
    db.schema
      .createTable('properties')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('headquarter_id', 'text', (c) => c.notNull().references('headquarters.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('marker_finder_enable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('my_favorite_enable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}')),
  ).execute();

  await db.schema
    .createTable('property_buildings')
    .addColumn('property_id', 'text', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('property_buildings_pk', ['property_id', 'building_id'])
    .execute();

  await timestamps(
    db.schema
      .createTable('panoramas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
      .addColumn('index', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull().defaultTo('others'))
      .addColumn('custom_category', 'text')
      .addColumn('thumbnail', 'text')
      .addColumn('cubemap_ready', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('raw_url', 'text')
      .addColumn('adjusted_raw_url', 'text')
      .addColumn('desktop_url', 'text')
      .addColumn('preview_url', 'text')
      .addColumn('cubemap_file_path', 'text')
      .addColumn('cubemap_preview_url', 'text')
      .addColumn('cubemap_url', 'text')
      .addColumn('media_version', 'text')
      .addColumn('position_x', 'double precision')
      .addColumn('position_y', 'double precision')
      .addColumn('initial_ath', 'double precision')
      .addColumn('initial_atv', 'double precision')
      .addColumn('initial_fov', 'double precision')
      .addColumn('video_attribute', 'text'),
  ).execute();
  await db.schema.createIndex('panoramas_building_idx').on('panoramas').columns(['building_id', 'index']).execute();

  await timestamps(
    db.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('headquarter_id', 'text', (c) => c.notNull().references('headquarters.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_multi', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text')
      .addColumn('logo_url', 'text')
      .addColumn('email', 'text')
      .addColumn('privacy', 'text')
      .addColumn('terms', 'text'),
  ).execute();

  await timestamps(
    db.schema
      .createTable('markers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('panorama_id', 'text', (c) => c.notNull().references('panoramas.id').onDelete('cascade'))
      .addColumn('building_id', 'text', (c) => c.notNull().references('buildings.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('name_multi', 'text')
      .addColumn('description', 'text')
      .addColumn('description_multi', 'text')
      .addColumn('category', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('category_multi', 'text')
      .addColumn('price_multi', 'text')
      .addColumn('action_multi', 'text')
      .addColumn('action_link_multi', 'text')
      .addColumn('photo', 'text')
      .addColumn('icon_type', 'text')
      .addColumn('use_custom_icon', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon_url', 'text')
      .addColumn('opacity', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('disable_resizing', 'integer', (c) => c.notNull().defaultTo(0))
      // Teleport targets may point at another tour, so they are not foreign keys: a dead link is shown as such.
      .addColumn('next_building_id', 'text')
      .addColumn('next_panorama_id', 'text')
      .addColumn('link', 'text')
      .addColumn('price', 'text')
      .addColumn('action', 'text')
      .addColumn('videoplay_attribute', 'text')
      .addColumn('multitag_info', 'text')
      .addColumn('attributes', 'text')
      .addColumn('placement', 'text')
      .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('ath', 'double precision', (c) => c.notNull())
      .addColumn('atv', 'double precision', (c) => c.notNull())
      .addColumn('ordering_product_id', 'text')
      .addColumn('ordering_collection_id', 'text'),
  ).execute();
  await db.schema.createIndex('markers_panorama_idx').on('markers').column('panorama_id').execute();
  await db.schema.createIndex('markers_building_idx').on('markers').column('building_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['markers', 'companies', 'panoramas', 'property_buildings', 'properties', 'buildings', 'users', 'headquarters']) {
    await db.schema.dropTable(table).execute();
  }
}
