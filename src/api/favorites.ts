import type {
  Favorite, FavoriteAddBody, FavoriteKey, FavoritesExportBody, FavoritesAnswer, FavoritesSettings, FavoriteTarget, LocalFavorite,
} from '../protocol/favorites.ts';
import { REQUEST_TIMEOUT_MS } from '../protocol/constants.ts';
import { HttpError, identityHeaders, request } from './httpClient.ts';

/** Favourites' HTTP calls: section 7's four at their paths, then ours for settings, anonymous lists and the merge. */
export const favoritesCall = () => request<FavoritesAnswer>('/v2/users/favorites');

export const addFavoriteCall = (body: FavoriteAddBody) => request<Favorite>('/v2/users/favorites', { method: 'POST', body });

export const removeFavoriteCall = (key: FavoriteKey) =>
  request<{ removed: boolean }>('/v2/users/favorites', { method: 'DELETE', body: { identifier: key.identifier, identifierId: key.identifierId } });

export const favoriteNoteCall = (favoriteId: string, note: string) =>
  request<Favorite>(`/v2/users/favorites/${encodeURIComponent(favoriteId)}`, { method: 'PATCH', body: { note } });

export const mergeFavoritesCall = (items: LocalFavorite[]) =>
  request<FavoritesAnswer>('/v2/users/favorites/merge', { method: 'POST', body: { items } });

export const favoritesSettingsCall = (buildingId: string) =>
  request<FavoritesSettings>(`/v2/favorites/settings?buildingId=${encodeURIComponent(buildingId)}`);

export const resolveFavoritesCall = (items: (FavoriteKey & { buildingId?: string })[]) =>
  request<{ targets: (FavoriteTarget | null)[] }>('/v2/favorites/resolve', { method: 'POST', body: { items } });

/** POST /v2/favorites/export: the PDF's bytes (a binary answer, so not through request()'s JSON handling). */
export async function exportFavoritesCall(body: FavoritesExportBody): Promise<Blob> {
  const res = await fetch('/v2/favorites/export', {
    method: 'POST', headers: { 'content-type': 'application/json', ...identityHeaders() }, body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!res.ok) throw new HttpError(res.status, (await res.json().catch(() => null)) as never);
  return res.blob();
}
