import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { keyPanDelta, MAX_ZOOM, MIN_ZOOM, panView, pointOffset, TILE_SIZE, tilesInView, viewAt, type MapView, zoomView } from './slippyMap.ts';

interface Props {
  latitude: number;
  longitude: number;
  onClose: () => void;
}

const START_ZOOM = 16;

/**
 * The map element's size in CSS pixels, kept up to date as the panel resizes; 0 x 0 until measured (in the
 * layout effect, before the first paint), so no tile outside the real map is ever requested.
 */
function useElementSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => element.clientWidth > 0 && setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The building on a map. Mounted only while open, so no tile is fetched before the visitor asks for it; then only
 * the tiles that cover the map, more as it is dragged (mouse, touch, pen) or moved with the arrow keys.
 */
export function LocationPanel({ latitude, longitude, onClose }: Props) {
  const { t } = useTranslation('panels');
  const [view, setView] = useState<MapView>(() => viewAt(latitude, longitude, START_ZOOM));
  const map = useRef<HTMLDivElement>(null);
  const size = useElementSize(map);
  const drag = useRef<{ pointerId: number; x: number; y: number; view: MapView } | null>(null);
  const tiles = tilesInView(view, size.width, size.height);
  const building = pointOffset(view, latitude, longitude);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current || (e.target as Element).closest('button') || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, view };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d?.pointerId === e.pointerId) setView(panView(d.view, e.clientX - d.x, e.clientY - d.y));
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return; // the zoom buttons keep their own keys
    const delta = keyPanDelta(e.key);
    if (delta) setView((v) => panView(v, ...delta));
    else if (e.key === '+' || e.key === '=') setView((v) => zoomView(v, v.zoom + 1));
    else if (e.key === '-') setView((v) => zoomView(v, v.zoom - 1));
    else return;
    e.preventDefault();
  };

  return (
    <Dialog title={t('location.title')} onClose={onClose} testId="panel-location" className="atrium-panel--wide">
      <div
        ref={map}
        className="atrium-map"
        data-testid="location-map"
        data-zoom={view.zoom}
        tabIndex={0}
        role="group"
        aria-label={t('location.title')}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight + -"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <div className="atrium-map__tiles" aria-hidden="true">
          {tiles.map((tile) => (
            <img key={tile.key} src={tile.url} alt="" width={TILE_SIZE} height={TILE_SIZE} draggable={false} style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }} />
          ))}
        </div>
        <span
          className="atrium-map__marker" role="img" aria-label={t('location.marker')} data-testid="location-marker"
          style={{ left: `calc(50% + ${building.left}px)`, top: `calc(50% + ${building.top}px)` }}
        />
        <div className="atrium-map__zoom">
          <button type="button" aria-label={t('location.zoom-in')} disabled={view.zoom >= MAX_ZOOM} onClick={() => setView((v) => zoomView(v, v.zoom + 1))}>+</button>
          <button type="button" aria-label={t('location.zoom-out')} disabled={view.zoom <= MIN_ZOOM} onClick={() => setView((v) => zoomView(v, v.zoom - 1))}>−</button>
        </div>
        <small className="atrium-map__attribution">{t('location.attribution')}</small>
      </div>
    </Dialog>
  );
}
