import { readOwnerSettings, type OwnerSettings, type OwnerSettingsUpdate } from '../../../protocol/ownerSettings.ts';
import { json, toJson } from '../../db/columns.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/identity.ts';

/** Tries of the compare-and-set before giving up: only a burst of changes to one account at once needs more than one. */
const ATTEMPTS = 5;

/**
 * The owner settings of spec section 6, changed by the owner alone. Other keys stored beside the four switches are
 * kept. Each of the owner's tours shows the change at once: a database trigger raises their content version.
 */
export class OwnerSettingsService {
  constructor(private readonly repos: Repositories) {}

  authorise(user: SessionUser, id: unknown): void {
    if (user.id !== id) throw new AppError('FORBIDDEN', 'You can only change your own settings.');
  }

  async update(user: SessionUser, id: string, changes: OwnerSettingsUpdate): Promise<OwnerSettings> {
    this.authorise(user, id);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const row = await this.repos.users.findById(id);
      if (!row) throw new AppError('NOT_FOUND', 'This user does not exist.');
      const stored = json<unknown>(row.settings, {});
      const others = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
      const next = { ...others, ...readOwnerSettings(stored), ...changes };
      if (await this.repos.users.replaceSettings(id, row.settings, toJson(next))) return readOwnerSettings(next);
    }
    throw new AppError('CONFLICT', 'Your settings changed elsewhere at the same moment; try again.');
  }
}
