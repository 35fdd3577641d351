import type { Profile, PublicProfile } from '../../../protocol/accounts.ts';
import { readOwnerSettings } from '../../../protocol/ownerSettings.ts';
import { json } from '../../db/columns.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { HeadquarterRow } from '../headquarters/headquarters.repository.ts';

export const presentProfile = (row: UserRow): Profile => ({
  objectId: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  nickname: row.nickname,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  country: row.country,
  occupationCustom: row.occupationCustom,
  companyDisplayName: row.companyDisplayName,
  portrait: row.portrait,
  coverPhotoUrl: row.coverPhotoUrl,
  profileUrl: row.profileUrl,
  userType: row.userType,
});

export function presentPublicProfile(row: UserRow, hq: HeadquarterRow | undefined): PublicProfile {
  return {
    objectId: row.id,
    name: row.name,
    profileUrl: row.profileUrl,
    headquarter: hq ? { title: hq.title, qrUrl: hq.qrUrl, objectId: hq.id } : null,
    customSetting: readOwnerSettings(json<unknown>(row.settings, {})),
    expiredAt: row.expiredAt,
  };
}
