import { useEffect, useRef } from 'react';
import { drawMarkerIcon, markerIconKey, MARKER_ICON_SIZE } from '../../../scene/index.ts';

type IconOf = Parameters<typeof markerIconKey>[0];

interface Props {
  type: IconOf['type'];
  /** A point marker's arrow; other kinds ignore it. */
  iconType?: string | null;
  /** CSS pixels. */
  size: number;
}

/**
 * A marker kind's icon as the visitor sees it in the tour (the same drawing), for the studio's handles and toolbar:
 * teleport and tag, which share a first letter, look as different as they do in the viewer.
 */
export function MarkerGlyph({ type, iconType, size }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // A custom icon is an owner's image; the handle shows the kind, which is what the owner picks and edits.
  const key = markerIconKey({ type, iconType: iconType ?? null, useCustomIcon: false, iconUrl: null });
  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    const pixels = Math.round(size * (window.devicePixelRatio || 1));
    element.width = element.height = pixels;
    ctx.setTransform(pixels / MARKER_ICON_SIZE, 0, 0, pixels / MARKER_ICON_SIZE, 0, 0);
    drawMarkerIcon(ctx, key);
  }, [key, size]);
  return <canvas ref={canvas} className="studio-marker-glyph" style={{ width: size, height: size }} aria-hidden="true" data-icon={key} />;
}
