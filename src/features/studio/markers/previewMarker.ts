import type { MarkerDraft } from '../../../protocol/studioMarkers.ts';
import type { Marker } from '../../../protocol/tour.ts';

const multi = (record: Record<string, string>): string | null => {
  const kept = Object.entries(record).filter(([, v]) => v.trim() !== '');
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
};

/** A draft in the viewer's shape, so the editor's scene draws it exactly as visitors will see it. */
export function previewMarker(id: string, panoramaId: string, buildingId: string, d: MarkerDraft): Marker {
  return {
    objectId: id, type: d.type, name: d.name || null, description: d.description || null,
    nameMulti: multi(d.nameMulti), descriptionMulti: multi(d.descriptionMulti), categoryMulti: null,
    priceMulti: multi(d.priceMulti), actionMulti: multi(d.actionMulti), actionLinkMulti: multi(d.actionLinkMulti),
    category: [], photo: d.photos.join(',') || null, iconType: d.iconType, useCustomIcon: d.useCustomIcon, iconUrl: d.iconUrl,
    opacity: d.opacity, disableResizing: d.disableResizing, currentPanoramaId: panoramaId, panoramaId, buildingId,
    nextBuildingId: d.nextBuildingId, nextPanoramaId: d.nextPanoramaId, link: d.link, price: d.price || null, action: d.action || null,
    videoplayAttribute: null, multitagInfo: d.multitagInfo.length ? d.multitagInfo : null,
    attributes: d.type === 'arMakerTag' && d.arTarget ? { target: d.arTarget, widthPercent: d.arWidthPercent ?? 100 } : null,
    placement: null, companyId: null, position: d.position,
    customAttributes: { orderingProductId: null, orderingCollectionId: null },
  };
}
