import type { TourMarkerDescription } from '../../protocol/tourDescription.ts';
import type { NewMarker } from '../modules/markers/markers.repository.ts';
import { newId } from '../db/ids.ts';

export interface MarkerContext {
  buildingId: string;
  panoramaId: string;
  /** tour.json panorama id -> database id */
  panoramaIds: ReadonlyMap<string, string>;
  /** A file of the tour folder (or an http url) -> the url visitors load. */
  resolveFile: (fileOrUrl: string) => Promise<string>;
}

const multi = (m: Record<string, string> | undefined) => (m ? JSON.stringify(m) : null);
const DEFAULT_ICONS: Partial<Record<TourMarkerDescription['type'], string>> = { point: 'frontArrow', teleport: 'frontArrow', popup: 'link' };

export async function markerRow(m: TourMarkerDescription, ctx: MarkerContext): Promise<NewMarker> {
  const photos = m.photos ? await Promise.all(m.photos.map(ctx.resolveFile)) : [];
  const multitag = m.multitag
    ? await Promise.all(m.multitag.map(async (e) => ({ name: e.name, hidden: e.hidden, mainPhoto: e.photo ? await ctx.resolveFile(e.photo) : null })))
    : null;
  const nextPanoramaId = m.target ? (ctx.panoramaIds.get(m.target) ?? null) : null;
  // ath may be given 0..360 (as some tools export); the viewer and the API use -180..180.
  const ath = ((((m.ath + 180) % 360) + 360) % 360) - 180;
  return {
    id: newId(),
    panoramaId: ctx.panoramaId,
    buildingId: ctx.buildingId,
    type: m.type,
    name: m.name ?? null,
    nameMulti: multi(m.nameMulti),
    description: m.description ?? null,
    descriptionMulti: multi(m.descriptionMulti),
    category: JSON.stringify(m.category ?? []),
    categoryMulti: null,
    priceMulti: null,
    actionMulti: null,
    actionLinkMulti: null,
    photo: photos.length ? photos.join(',') : null,
    iconType: m.iconType ?? DEFAULT_ICONS[m.type] ?? null,
    useCustomIcon: 0,
    iconUrl: null,
    opacity: m.opacity ?? 1,
    disableResizing: 0,
    nextBuildingId: m.targetTour ?? (nextPanoramaId ? ctx.buildingId : null),
    nextPanoramaId,
    link: m.link ? await ctx.resolveFile(m.link) : null,
    price: m.price ?? null,
    action: m.action ?? null,
    videoplayAttribute: m.type === 'videoplay' && m.link ? JSON.stringify({ url: m.link }) : null,
    multitagInfo: multitag ? JSON.stringify(multitag) : null,
    attributes: m.attributes ? JSON.stringify(m.attributes) : null,
    placement: null,
    companyId: null,
    ath,
    atv: m.atv,
    orderingProductId: null,
    orderingCollectionId: null,
  };
}
