import type { Db } from './database.ts';
import { BuildingsRepository } from '../modules/buildings/buildings.repository.ts';
import { PanoramasRepository } from '../modules/panoramas/panoramas.repository.ts';
import { MarkersRepository } from '../modules/markers/markers.repository.ts';
import { PropertiesRepository } from '../modules/properties/properties.repository.ts';
import { HeadquartersRepository } from '../modules/headquarters/headquarters.repository.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { CompaniesRepository } from '../modules/companies/companies.repository.ts';
import { SessionsRepository } from '../modules/auth/sessions.repository.ts';
import { VisitorRepository } from '../modules/visitor/visitor.repository.ts';
import { KnownClientsRepository } from '../modules/auth/knownClients.repository.ts';

/** Every repository over one database handle (or one transaction). */
export function createRepositories(db: Db) {
  return {
    buildings: new BuildingsRepository(db),
    panoramas: new PanoramasRepository(db),
    markers: new MarkersRepository(db),
    properties: new PropertiesRepository(db),
    headquarters: new HeadquartersRepository(db),
    users: new UsersRepository(db),
    companies: new CompaniesRepository(db),
    sessions: new SessionsRepository(db),
    visitors: new VisitorRepository(db),
    knownClients: new KnownClientsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
