import path from 'node:path';
import Database from 'better-sqlite3';
import { rowInserter } from './rowInserter.ts';

/** The tag markers of the ordering tour, each linked to one style of the fake platform (tests/fakes/orderingPlatform). */
export interface OrderingSeed {
  tourId: string;
  /** Linen Sofa, Spring/Summer 2027: priced in USD and EUR; no in-progress SS27 order, so the first add creates one. */
  sofa: string;
  /** Brass Lamp, Spring/Summer 2027: USD only ("The style doesn't support the selected currency." in EUR). */
  lamp: string;
  /** Wool Throw, Resort 2027: a closed collection, so creating its order fails with the platform's errors array. */
  throw: string;
  /** The fake's production API base and client id, for the sign-in address that sends the frame back with a code. */
  platformUrl: string;
  clientId: string;
}

const LINKS = [
  { key: 'sofa', name: 'Linen Sofa', product: 'P-100', collection: 'COL-SS27' },
  { key: 'lamp', name: 'Brass Lamp', product: 'P-300', collection: 'COL-SS27' },
  { key: 'throw', name: 'Wool Throw', product: 'P-400', collection: 'COL-RESORT' },
] as const;

/**
 * A copy of the demo tour (own panorama and marker rows, the demo's media) plus three tag markers that carry the
 * platform's product and collection ids (section 3's custom attributes). Older than the demo and under a headquarter
 * of its own: the demo stays the default tour and the demo owner's list is unchanged.
 */
export function seedOrdering(dataDir: string, demoTourId: string, platform: { platformUrl: string; clientId: string }): OrderingSeed {
  const db = new Database(path.join(dataDir, 'atrium.sqlite'));
  try {
    const tourId = 'e2eOrdering';
    const suffix = (id: unknown) => `${String(id)}Ord`;
    const demo = db.prepare('select * from buildings where id = ?').get(demoTourId) as Record<string, unknown>;
    const created = new Date(Date.parse(String(demo.created_at)) - 180_000).toISOString();
    const insert = rowInserter(db);
    insert('headquarters', { id: 'e2eOrderingHq', title: 'E2E ordering brand', partner: 0, created_at: created, updated_at: created });
    insert('users', { id: 'e2eOrderingOwner', username: 'e2e-ordering-owner', name: 'E2E ordering owner', user_type: 'owner', headquarter_id: 'e2eOrderingHq', created_at: created, updated_at: created });
    insert('buildings', { ...demo, id: tourId, name: 'Showroom (ordering)', name_multi: '{}', created_at: created, headquarter_id: 'e2eOrderingHq', owner_id: 'e2eOrderingOwner' });
    const panoramas = db.prepare('select * from panoramas where building_id = ? order by "index"').all(demoTourId) as Array<Record<string, unknown>>;
    const panoramaIds = new Set(panoramas.map((p) => String(p.id)));
    for (const p of panoramas) insert('panoramas', { ...p, id: suffix(p.id), building_id: tourId });
    const markers = db.prepare('select * from markers where building_id = ?').all(demoTourId) as Array<Record<string, unknown>>;
    for (const m of markers) {
      const row: Record<string, unknown> = { ...m, id: suffix(m.id), building_id: tourId, panorama_id: suffix(m.panorama_id) };
      if (m.next_panorama_id && panoramaIds.has(String(m.next_panorama_id))) row.next_panorama_id = suffix(m.next_panorama_id);
      if (m.next_building_id === demoTourId) row.next_building_id = tourId;
      insert('markers', row);
    }
    // Three linked tags side by side on the first panorama that has a tag, so one view holds every case.
    const tag = markers.find((m) => m.type === 'tag');
    if (!tag) throw new Error('the demo has no tag marker to copy');
    const ids = LINKS.map((link, i) => {
      const id = `ordering-${link.key}`;
      insert('markers', {
        ...tag, id, building_id: tourId, panorama_id: suffix(tag.panorama_id), name: link.name, name_multi: null,
        ath: Number(tag.ath) + (i - 1) * 12, ordering_product_id: link.product, ordering_collection_id: link.collection,
      });
      return id;
    });
    return { tourId, sofa: ids[0]!, lamp: ids[1]!, throw: ids[2]!, ...platform };
  } finally {
    db.close();
  }
}
