import { z } from 'zod';
import { BuildingSummarySchema, CompanySchema, HeadquarterSchema, IdSchema, MarkerSchema, PropertySchema, TourSchema } from './tour.ts';

/** Params, queries and answers of the read API of spec section 7, shared by server routes and the client. */

export const IdParamsSchema = z.object({ id: IdSchema });

const booleanString = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ListAllQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  skipLogin: booleanString.default(false),
});
export const UsernameHeadersSchema = z.object({ username: z.string().min(1).max(200) });
export const ListAllResponseSchema = z.object({ buildingList: z.array(BuildingSummarySchema), total: z.number().int() });

/** Not in the spec: the tour that the route named default (/) opens. */
export const DefaultTourResponseSchema = z.object({ objectId: z.string().nullable() });
export const OpenLinkResponseSchema = TourSchema;
export const LogoResponseSchema = z.object({
  logoUrl: z.string().nullable(),
  logoSize: z.object({ width: z.number(), height: z.number() }).nullable(),
});

export const PropertyResponseSchema = PropertySchema;
export const PropertyOpenLinkResponseSchema = z.object({ objectId: z.string(), buildings: z.array(BuildingSummarySchema.extend({ index: z.number().int() })) });
export const AllMarkersResponseSchema = z.object({ markers: z.array(MarkerSchema) });
export const AllCompaniesResponseSchema = z.object({ companies: z.record(z.string(), CompanySchema) });

export const HeadquartersQuerySchema = z.object({ title: z.string().trim().min(1).max(200) });
export const HeadquarterResponseSchema = HeadquarterSchema;

export const CubemapReadyQuerySchema = z.object({ fileName: z.string().max(200).optional() });
export const CubemapReadyResponseSchema = z.object({ cubeMapReady: z.boolean() });

export const HealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), uptimeSeconds: z.number() });
