import fs from 'node:fs';
import path from 'node:path';
import { TourDescriptionSchema, type TourDescription } from '../../protocol/tourDescription.ts';

export class ImportError extends Error {}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff']);
const isImage = (name: string) => IMAGE_EXTENSIONS.has(path.extname(name).toLowerCase());
const titleFromFile = (file: string) => path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').trim() || 'Panorama';

export interface LoadedTour {
  folder: string;
  description: TourDescription;
}

/**
 * Turns what the user pointed at into a tour description:
 * one image -> a one-panorama tour; a folder with tour.json -> that description; a folder without -> its images
 * in name order. Every problem is reported with the file and the field that is wrong.
 */
export function loadTourDescription(source: string, name?: string): LoadedTour {
  const resolved = path.resolve(source);
  if (!fs.existsSync(resolved)) throw new ImportError(`${source} does not exist.`);
  const stat = fs.statSync(resolved);
  if (stat.isFile()) {
    if (!isImage(resolved)) throw new ImportError(`${source} is not a panorama image (expected .jpg, .png, .webp or .tif) nor a folder.`);
    const description = TourDescriptionSchema.parse({
      name: name ?? titleFromFile(resolved),
      panoramas: [{ id: 'p1', file: path.basename(resolved), name: titleFromFile(resolved) }],
    });
    return { folder: path.dirname(resolved), description };
  }
  const tourFile = path.join(resolved, 'tour.json');
  let raw: unknown;
  if (fs.existsSync(tourFile)) {
    try {
      raw = JSON.parse(fs.readFileSync(tourFile, 'utf8'));
    } catch (error) {
      throw new ImportError(`tour.json is not valid JSON: ${(error as Error).message}`);
    }
  } else {
    const images = fs.readdirSync(resolved).filter(isImage).sort();
    if (images.length === 0) throw new ImportError(`${source} has no tour.json and no panorama images.`);
    raw = { name: name ?? path.basename(resolved), panoramas: images.map((f, i) => ({ id: `p${i + 1}`, file: f, name: titleFromFile(f) })) };
  }
  const parsed = TourDescriptionSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`);
    throw new ImportError(`tour.json is not a valid tour description: ${issues.join('; ')}`);
  }
  const description = { ...parsed.data, ...(name ? { name } : {}) };
  checkReferences(resolved, description);
  return { folder: resolved, description };
}

const isUrl = (v: string) => /^https?:\/\//i.test(v);

function checkReferences(folder: string, d: TourDescription): void {
  const problems: string[] = [];
  const ids = new Set<string>();
  const need = (file: string | undefined, where: string) => {
    if (file && !isUrl(file) && !fs.existsSync(path.join(folder, file))) problems.push(`${where}: ${file} is not in the tour folder`);
  };
  need(d.floorplan, 'floorplan');
  d.panoramas.forEach((p, i) => {
    if (ids.has(p.id)) problems.push(`panoramas.${i}.id: "${p.id}" is used twice`);
    ids.add(p.id);
    need(p.file, `panoramas.${i}.file`);
    for (const [face, file] of Object.entries(p.faces ?? {})) need(file, `panoramas.${i}.faces.${face}`);
  });
  d.panoramas.forEach((p, i) =>
    p.markers.forEach((m, j) => {
      const where = `panoramas.${i}.markers.${j}`;
      if (m.target && !ids.has(m.target)) problems.push(`${where}.target: no panorama has id "${m.target}"`);
      m.photos?.forEach((f, k) => need(f, `${where}.photos.${k}`));
      m.multitag?.forEach((e, k) => need(e.photo, `${where}.multitag.${k}.photo`));
      if (m.link && !isUrl(m.link)) need(m.link, `${where}.link`);
    }),
  );
  if (problems.length) throw new ImportError(`tour.json refers to things that are missing: ${problems.join('; ')}`);
}
