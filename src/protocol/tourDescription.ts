import { z } from 'zod';
import { MARKER_TYPES, ROOM_CATEGORIES, THEME_COLORS } from './constants.ts';
import { MultiTextSchema } from './tour.ts';

/**
 * `tour.json`: the tour description that `atrium import <folder>` reads and the demo tour is written in.
 * File paths are relative to the folder holding tour.json. Ids are local to the file: they link teleports
 * and are replaced by database ids on import.
 */
const RelativeFile = z.string().min(1).refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), {
  message: 'must be a path inside the tour folder',
});

export const TourMarkerDescriptionSchema = z.object({
  type: z.enum(MARKER_TYPES),
  ath: z.number().min(-180).max(360),
  atv: z.number().min(-90).max(90),
  name: z.string().optional(),
  nameMulti: MultiTextSchema.optional(),
  description: z.string().optional(),
  descriptionMulti: MultiTextSchema.optional(),
  /** Panorama id in this file: makes the marker a teleport (point arrows and teleport markers). */
  target: z.string().optional(),
  /** Another tour's id (database id): a teleport to another tour. */
  targetTour: z.string().optional(),
  iconType: z.string().optional(),
  /** Image files (tag, gallery) inside the folder, or absolute http(s) urls. */
  photos: z.array(z.string()).optional(),
  /** A file inside the folder (pdf, narration audio, video) or an http(s) url (popup, action link, video host). */
  link: z.string().optional(),
  price: z.string().optional(),
  action: z.string().optional(),
  category: z.array(z.string()).optional(),
  opacity: z.number().min(0).max(1).optional(),
  multitag: z.array(z.object({ name: z.string(), hidden: z.boolean().default(false), photo: z.string().optional() })).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type TourMarkerDescription = z.infer<typeof TourMarkerDescriptionSchema>;

export const TourPanoramaDescriptionSchema = z.object({
  id: z.string().min(1),
  /** An equirectangular image, or six cube faces. */
  file: RelativeFile.optional(),
  faces: z.object({ f: RelativeFile, r: RelativeFile, b: RelativeFile, l: RelativeFile, u: RelativeFile, d: RelativeFile }).optional(),
  name: z.string().min(1),
  category: z.string().default('others'),
  initialView: z.object({ ath: z.number(), atv: z.number(), fov: z.number().optional() }).optional(),
  /** Position on the floor plan, 0..1 from the top-left corner. */
  floorplanPosition: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  markers: z.array(TourMarkerDescriptionSchema).default([]),
}).refine((p) => Boolean(p.file) !== Boolean(p.faces), { message: 'give either file or faces' });
export type TourPanoramaDescription = z.infer<typeof TourPanoramaDescriptionSchema>;

export const TourDescriptionSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().default(''),
  nameMulti: MultiTextSchema.optional(),
  descriptionMulti: MultiTextSchema.optional(),
  themeColor: z.enum(THEME_COLORS).default('default'),
  floorplan: RelativeFile.optional(),
  music: z.string().optional(),
  geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  credits: z.string().optional(),
  panoramas: z.array(TourPanoramaDescriptionSchema).min(1),
});
export type TourDescription = z.infer<typeof TourDescriptionSchema>;

export const KNOWN_CATEGORIES: readonly string[] = ROOM_CATEGORIES;
