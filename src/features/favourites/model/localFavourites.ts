// An anonymous visitor's picks. Section 9: before cookie consent nothing is written to the device, so they live in
// consentStorage (memory for this visit, localStorage once the visitor agreed) until a sign-in merges them.
import { FAVORITES_PER_USER_MAX, LocalFavoriteSchema, type LocalFavorite } from '../../../protocol/favorites.ts';
import { consentStorage } from '../../panels/consent.ts';

const KEY = 'atrium.favourites';

export function readLocal(): LocalFavorite[] {
  const raw = consentStorage.getItem(KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    // Whatever another version or a hand edit left there is read item by item: one bad entry loses only itself.
    return parsed.flatMap((item) => {
      const ok = LocalFavoriteSchema.safeParse(item);
      return ok.success ? [ok.data] : [];
    }).slice(0, FAVORITES_PER_USER_MAX);
  } catch {
    return [];
  }
}

export function writeLocal(items: readonly LocalFavorite[]): void {
  if (items.length === 0) consentStorage.removeItem(KEY);
  else consentStorage.setItem(KEY, JSON.stringify(items.slice(0, FAVORITES_PER_USER_MAX)));
}
