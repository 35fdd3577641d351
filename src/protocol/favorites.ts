// Favourites (spec sections 3, 4, 5, 7): what a visitor saved, with a note each. The four calls of section 7 keep
// their paths and bodies; the answers, the anonymous visitor's calls (resolve, export) and the merge after sign-in are
// ours. Client and server parse every body with these schemas.
import { z } from 'zod';
import { FAVORITE_NOTE_MAX, INTERFACE_LANGUAGES } from './constants.ts';
import { graphemeCount } from './lounge.ts';
import { IdSchema, MultiTextSchema } from './tour.ts';

/** Section 3's categories: a person, a panorama, a marker, a person's name card, a company, a tour (shown as a card). */
export const FAVORITE_CATEGORIES = ['user', 'panorama', 'marker', 'nameCard', 'company', 'card'] as const;
export type FavoriteCategory = (typeof FAVORITE_CATEGORIES)[number];
/** The marker types a visitor can save (section 3); navigation and decoration markers are not things to keep. */
export const FAVORITE_MARKER_TYPES = ['tag', 'gallery', 'multitag', 'videoplay', 'popup', 'arMakerTag', 'memo', 'pdf'] as const;
/** Categories whose item has no tour of its own: the visitor saves them from a tour, named by buildingId. */
export const CONTEXT_CATEGORIES: readonly FavoriteCategory[] = ['user', 'nameCard', 'company'];
/** How many favourites one account keeps at most (a shortlist, not a database); the anonymous list has the same cap. */
export const FAVORITES_PER_USER_MAX = 500;
/** Items one export or one resolve call takes at most. */
export const FAVORITES_PER_CALL_MAX = 200;

export const FavoriteCategorySchema = z.enum(FAVORITE_CATEGORIES);

export const FavoriteKeySchema = z.object({
  identifier: FavoriteCategorySchema,
  identifierId: IdSchema,
});
export type FavoriteKey = z.infer<typeof FavoriteKeySchema>;

/** The note as people count letters (grapheme clusters), trimmed; section 5 names the limit {n}. */
export function noteTooLong(note: string): boolean {
  return graphemeCount(note.trim()) > FAVORITE_NOTE_MAX;
}
// The length in letters is checked by noteTooLong so the answer names the rule; this only caps the payload.
const NoteSchema = z.string().max(FAVORITE_NOTE_MAX * 16);

/** POST /v2/users/favorites: section 7's body, plus the tour it is saved from and an optional first note. */
export const FavoriteAddBodySchema = FavoriteKeySchema.extend({
  /** The tour the visitor is in: required for people and companies, whose favourites the tour's flag allows. */
  buildingId: IdSchema.optional(),
  note: NoteSchema.optional(),
});
export type FavoriteAddBody = z.infer<typeof FavoriteAddBodySchema>;

/** DELETE /v2/users/favorites: section 7's body. */
export const FavoriteRemoveBodySchema = FavoriteKeySchema;

/** PATCH /v2/users/favorites/{favoriteId}: section 7's body. */
export const FavoriteNoteBodySchema = z.object({ note: NoteSchema });
export const FavoriteParamsSchema = z.object({ favoriteId: IdSchema });

/** What a favourite points at, as the dialog and the PDF show it; null in a favourite when it is no longer there. */
export const FavoriteTargetSchema = z.object({
  title: z.string(),
  titleMulti: MultiTextSchema,
  description: z.string(),
  descriptionMulti: MultiTextSchema,
  price: z.string().nullable(),
  priceMulti: MultiTextSchema,
  /** A thumbnail or photo (a /media path), or null. */
  image: z.string().nullable(),
  /** Marker type, room category, the person's occupation: a short line under the title. */
  kind: z.string().nullable(),
  /** For people: the company they work for. */
  company: z.string().nullable(),
  /** A name card's contact, only once the two people are connected in the lounge. */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /** Where "go there" leads: the tour, panorama and marker (each may be null). */
  buildingId: z.string().nullable(),
  buildingName: z.string().nullable(),
  buildingNameMulti: MultiTextSchema,
  panoramaId: z.string().nullable(),
  markerId: z.string().nullable(),
  position: z.object({ ath: z.number(), atv: z.number() }).nullable(),
});
export type FavoriteTarget = z.infer<typeof FavoriteTargetSchema>;

export const FavoriteSchema = FavoriteKeySchema.extend({
  favoriteId: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  target: FavoriteTargetSchema.nullable(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoritesAnswerSchema = z.object({
  favorites: z.array(FavoriteSchema),
  /** Section 5's {n}: the longest note in letters. */
  noteLimit: z.number().int(),
});
export type FavoritesAnswer = z.infer<typeof FavoritesAnswerSchema>;

/** GET /v2/favorites/settings?buildingId=: whether the viewer offers favourites in this tour (its flag or a group's). */
export const FavoritesSettingsQuerySchema = z.object({ buildingId: IdSchema });
export const FavoritesSettingsSchema = z.object({ enabled: z.boolean(), noteLimit: z.number().int() });
export type FavoritesSettings = z.infer<typeof FavoritesSettingsSchema>;

export const FavoriteRemovedSchema = z.object({ removed: z.boolean() });

/** An anonymous visitor's favourite as the browser keeps it, sent to merge, resolve or export. */
export const LocalFavoriteSchema = FavoriteKeySchema.extend({
  note: NoteSchema.default(''),
  buildingId: IdSchema.optional(),
});
export type LocalFavorite = z.infer<typeof LocalFavoriteSchema>;

/** POST /v2/users/favorites/merge: what a visitor picked before signing in joins the account's list. */
export const FavoritesMergeBodySchema = z.object({ items: z.array(LocalFavoriteSchema).max(FAVORITES_PER_USER_MAX) });

/** POST /v2/favorites/resolve: the anonymous visitor's list, shown with the same targets as an account's. */
export const FavoritesResolveBodySchema = z.object({
  items: z.array(FavoriteKeySchema.extend({ buildingId: IdSchema.optional() })).max(FAVORITES_PER_CALL_MAX),
});
export const FavoritesResolveAnswerSchema = z.object({ targets: z.array(FavoriteTargetSchema.nullable()) });

export const PDF_LOCALES = INTERFACE_LANGUAGES;
/**
 * POST /v2/favorites/export: the PDF. A signed-in visitor's stored list is exported; an anonymous visitor sends the
 * list the browser holds (items). buildingId is the tour on the cover.
 */
export const FavoritesExportBodySchema = z.object({
  buildingId: IdSchema,
  locale: z.enum(PDF_LOCALES),
  items: z.array(LocalFavoriteSchema).max(FAVORITES_PER_CALL_MAX).optional(),
});
export type FavoritesExportBody = z.infer<typeof FavoritesExportBodySchema>;
