import type { MarkerDraft } from '../../../protocol/studioMarkers.ts';
import { bit, json, toJson } from '../../db/columns.ts';
import type { MarkerPatch } from './studioMarkers.repository.ts';

/** Per-language texts without the empty ones, as the JSON string the viewer reads; null when none is left. */
function multi(record: Record<string, string>): string | null {
  const kept = Object.entries(record).filter(([, v]) => v.trim() !== '');
  return kept.length ? toJson(Object.fromEntries(kept)) : null;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * The columns of a validated draft. `attributes` keeps the keys the studio does not edit (popup size, ...)
 * and writes the AR view's address and width; a stale popup iconType attribute is dropped because the
 * viewer prefers it over the column.
 */
export function draftToColumns(draft: MarkerDraft, storedAttributes: string | null): MarkerPatch {
  const attributes = { ...json<Record<string, unknown>>(storedAttributes, {}) };
  delete attributes.iconType;
  delete attributes.target;
  delete attributes.widthPercent;
  if (draft.type === 'arMakerTag') {
    if (draft.arTarget) attributes.target = draft.arTarget;
    if (draft.arWidthPercent !== null) attributes.widthPercent = draft.arWidthPercent;
  }
  return {
    type: draft.type,
    name: orNull(draft.name),
    nameMulti: multi(draft.nameMulti),
    description: orNull(draft.description),
    descriptionMulti: multi(draft.descriptionMulti),
    photo: draft.photos.length ? draft.photos.join(',') : null,
    iconType: draft.iconType,
    useCustomIcon: bit(draft.useCustomIcon),
    iconUrl: draft.iconUrl,
    opacity: draft.opacity,
    disableResizing: bit(draft.disableResizing),
    nextPanoramaId: draft.nextPanoramaId,
    nextBuildingId: draft.nextBuildingId,
    link: draft.link && draft.link.trim() !== '' ? draft.link : null,
    price: orNull(draft.price),
    priceMulti: multi(draft.priceMulti),
    action: orNull(draft.action),
    actionMulti: multi(draft.actionMulti),
    actionLinkMulti: multi(draft.actionLinkMulti),
    multitagInfo: draft.multitagInfo.length ? toJson(draft.multitagInfo) : null,
    attributes: Object.keys(attributes).length ? toJson(attributes) : null,
    // Only a tag offers "Add to order": another kind keeps no stale link to a style.
    orderingProductId: draft.type === 'tag' ? draft.orderingProductId : null,
    orderingCollectionId: draft.type === 'tag' ? draft.orderingCollectionId : null,
    ath: draft.position.ath,
    atv: draft.position.atv,
  };
}
