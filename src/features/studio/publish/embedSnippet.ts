// The share link and the <iframe> embed snippet of the publish panel: pure functions, unit-tested.
import { viewerPath } from '../../../protocol/routes.ts';
import { serializeViewerQuery, type ViewerQueryOptions } from '../../../protocol/viewerQuery.ts';

/** What an embedded tour may use: VR, fullscreen and the motion sensors for gyro mode. */
export const EMBED_ALLOW = 'xr-spatial-tracking; fullscreen; gyroscope; accelerometer';

/** A CSS size of the frame: whole pixels (640, 640px) or a percentage (100%). */
const SIZE = /^(\d{1,5})(px|%)?$/;

export function normalizeSize(value: string, fallback: string): string {
  const m = SIZE.exec(value.trim());
  if (!m || Number(m[1]) === 0) return fallback;
  return m[2] === '%' ? `${Math.min(100, Number(m[1]))}%` : m[1]!;
}

/** The tour's address for visitors, with the chosen switches. */
export function shareLink(origin: string, buildingId: string, options: ViewerQueryOptions = {}): string {
  return `${origin.replace(/\/$/, '')}${viewerPath(buildingId)}${serializeViewerQuery(options)}`;
}

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface EmbedInput {
  origin: string;
  buildingId: string;
  options: ViewerQueryOptions;
  width: string;
  height: string;
  title: string;
}

/** The snippet an owner pastes into a page. */
export function embedSnippet(input: EmbedInput): string {
  const src = shareLink(input.origin, input.buildingId, input.options);
  const width = normalizeSize(input.width, '100%');
  const height = normalizeSize(input.height, '480');
  return `<iframe src="${attribute(src)}" width="${width}" height="${height}" title="${attribute(input.title)}" style="border:0" allow="${EMBED_ALLOW}" allowfullscreen></iframe>`;
}
