import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { FavoritesRepository } from './favorites.repository.ts';
import { favoritesRoutes } from './favorites.routes.ts';
import { FavoritesService } from './favorites.service.ts';
import { FavoritesExport } from './favoritesExport.ts';
import { FavoriteTargets } from './favoriteTargets.ts';
import { FavoriteTargetsRepository } from './favoriteTargets.repository.ts';

/** Wires favourites (accounts' lists, the anonymous visitor's resolve) and registers their routes. */
export async function registerFavorites(app: FastifyInstance, deps: { db: Db; storage: MediaStorage; publicUrl: string }): Promise<FavoritesService> {
  const targets = new FavoriteTargets(new FavoriteTargetsRepository(deps.db));
  const service = new FavoritesService(new FavoritesRepository(deps.db), targets);
  await app.register(favoritesRoutes(service, new FavoritesExport(service, targets, { storage: deps.storage, publicUrl: deps.publicUrl })));
  return service;
}
