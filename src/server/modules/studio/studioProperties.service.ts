import type { StudioProperty } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { canEditBuilding, FORBIDDEN_TOUR } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import { presentProperty } from './studio.presenter.ts';
import type { StudioRepository } from './studio.repository.ts';

const FORBIDDEN_PROPERTY = 'This group does not exist or you are not allowed to change it.';

/** Properties (groups of tours, ordered). A group belongs to a headquarter; only its editors change it. */
export class StudioPropertiesService {
  constructor(
    private readonly repos: Repositories,
    private readonly studio: StudioRepository,
  ) {}

  async create(headquarterId: string, name: string): Promise<StudioProperty> {
    const id = newId();
    await this.repos.properties.insert({ id, headquarterId, name }, []);
    return this.present(id);
  }

  async update(user: SessionUser, propertyId: string, body: { name?: string; buildingIds?: string[] }): Promise<StudioProperty> {
    await this.requireOwn(user, propertyId);
    if (body.buildingIds) {
      if (new Set(body.buildingIds).size !== body.buildingIds.length) {
        throw new AppError('VALIDATION_FAILED', 'body.buildingIds: a tour can be in a group only once', 'body.buildingIds');
      }
      // Same answer for someone else's tour and a tour that does not exist: ids cannot be probed.
      for (const id of body.buildingIds) {
        const building = await this.repos.buildings.findById(id);
        if (!building || !canEditBuilding(user, building)) throw new AppError('FORBIDDEN', FORBIDDEN_TOUR);
      }
    }
    if (body.name !== undefined) await this.studio.renameProperty(propertyId, body.name);
    if (body.buildingIds) await this.studio.setPropertyBuildings(propertyId, body.buildingIds);
    return this.present(propertyId);
  }

  async remove(user: SessionUser, propertyId: string): Promise<{ objectId: string }> {
    await this.requireOwn(user, propertyId);
    await this.studio.deleteProperty(propertyId);
    return { objectId: propertyId };
  }

  private async requireOwn(user: SessionUser, propertyId: string): Promise<void> {
    const property = await this.repos.properties.findById(propertyId);
    if (!property || property.headquarterId !== user.headquarterId) throw new AppError('FORBIDDEN', FORBIDDEN_PROPERTY);
  }

  private async present(propertyId: string): Promise<StudioProperty> {
    const row = (await this.repos.properties.findById(propertyId))!;
    const members = await this.studio.propertyBuildingIds([propertyId]);
    return presentProperty(row, members.get(propertyId) ?? []);
  }
}
