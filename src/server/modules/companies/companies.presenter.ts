import type { Company, MultiText } from '../../../protocol/tour.ts';
import { json } from '../../db/columns.ts';
import type { CompanyRow } from './companies.repository.ts';

export function presentCompany(row: CompanyRow): Company {
  const multi = json<unknown>(row.nameMulti, {});
  return {
    objectId: row.id,
    name: row.name,
    nameMulti: multi && typeof multi === 'object' && !Array.isArray(multi) ? (multi as MultiText) : {},
    description: row.description,
    category: row.category,
    logoUrl: row.logoUrl,
    email: row.email,
    privacy: row.privacy,
    terms: row.terms,
  };
}
