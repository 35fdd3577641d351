import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes, type ChatModule } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';
import { ChatImages } from './chatImages.ts';
import { ChatParties } from './chatParties.ts';
import { chatStudioRoutes } from './chatStudio.routes.ts';
import { ChatStudioService } from './chatStudio.service.ts';

/**
 * Wires instant messaging and registers its HTTP routes. The realtime gateway (src/server/realtime/chatGateway.ts)
 * takes the same module. Other server features reach conversations through `module.service` (the lounge: allowDirect
 * and openDirectBetween).
 */
export async function registerChat(app: FastifyInstance, deps: { db: Db; repos: Repositories; storage: MediaStorage }): Promise<ChatModule> {
  const repository = new ChatRepository(deps.db);
  const images = new ChatImages(deps.storage);
  const module: ChatModule = {
    service: new ChatService(deps.repos, repository, { isStoredImage: images.isStored }),
    parties: new ChatParties(deps.repos, repository),
    studio: new ChatStudioService(deps.repos, repository),
    images,
  };
  await app.register(chatRoutes(module));
  await app.register(chatStudioRoutes(module.studio, deps.repos));
  return module;
}
