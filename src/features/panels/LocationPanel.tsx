import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.tsx';
import { MAX_ZOOM, MIN_ZOOM, TILE_SIZE, tilesAround } from './slippyMap.ts';

interface Props {
  latitude: number;
  longitude: number;
  onClose: () => void;
}

/** The building on a map. Mounted only while open, so no tile is fetched before the visitor asks for it. */
export function LocationPanel({ latitude, longitude, onClose }: Props) {
  const { t } = useTranslation('panels');
  const [zoom, setZoom] = useState(16);
  const tiles = tilesAround(latitude, longitude, zoom);
  return (
    <Dialog title={t('location.title')} onClose={onClose} testId="panel-location" className="atrium-panel--wide">
      <div className="atrium-map" data-testid="location-map" data-zoom={zoom}>
        <div className="atrium-map__tiles" aria-hidden="true">
          {tiles.map((tile) => (
            <img key={tile.key} src={tile.url} alt="" width={TILE_SIZE} height={TILE_SIZE} draggable={false} style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }} />
          ))}
        </div>
        <span className="atrium-map__marker" role="img" aria-label={t('location.marker')} data-testid="location-marker" />
        <div className="atrium-map__zoom">
          <button type="button" aria-label={t('location.zoom-in')} disabled={zoom >= MAX_ZOOM} onClick={() => setZoom((z) => Math.min(MAX_ZOOM, z + 1))}>+</button>
          <button type="button" aria-label={t('location.zoom-out')} disabled={zoom <= MIN_ZOOM} onClick={() => setZoom((z) => Math.max(MIN_ZOOM, z - 1))}>−</button>
        </div>
        <small className="atrium-map__attribution">{t('location.attribution')}</small>
      </div>
    </Dialog>
  );
}
