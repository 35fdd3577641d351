import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapSettingsCall } from '../../api/map.ts';
import { DEFAULT_MAP_SETTINGS } from '../../protocol/mapSettings.ts';
import { Dialog } from './Dialog.tsx';

interface Props {
  latitude: number;
  longitude: number;
  onClose: () => void;
}

const START_ZOOM = 16;

type MapState = 'loading' | 'ready' | 'failed';

/**
 * The building on a map (Leaflet: drag, pinch, wheel, arrow keys, + and -). Mounted only while open, and the map
 * library, its styles and the installation's tile source are fetched only then, so no tile or map code reaches a
 * visitor who never opens it.
 */
export function LocationPanel({ latitude, longitude, onClose }: Props) {
  const { t, i18n } = useTranslation('panels');
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');
  const [zoom, setZoom] = useState(START_ZOOM);
  const [attempt, setAttempt] = useState(0);
  const rtl = i18n.dir() === 'rtl';

  useEffect(() => {
    let dispose: (() => void) | null = null;
    let cancelled = false;
    setState('loading');
    Promise.all([mapSettingsCall(), import('./locationMap.ts')]).then(([settings, { createLocationMap }]) => {
      if (cancelled || !element.current) return;
      // The provider's own credit in the reader's language when it is the default one; the operator's words otherwise.
      const attribution = settings.attribution === DEFAULT_MAP_SETTINGS.attribution ? t('location.attribution') : settings.attribution;
      dispose = createLocationMap(element.current, {
        latitude, longitude, zoom: START_ZOOM, settings, rtl, onZoom: setZoom,
        labels: { zoomIn: t('location.zoom-in'), zoomOut: t('location.zoom-out'), marker: t('location.marker'), attribution },
      });
      setState('ready');
    }, () => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [latitude, longitude, rtl, t, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <Dialog title={t('location.title')} onClose={onClose} testId="panel-location" className="atrium-panel--wide">
      <div
        ref={element}
        className="atrium-map"
        // Map geometry is the same in every language; only the controls move to the reader's side.
        dir="ltr"
        data-testid="location-map"
        data-state={state}
        data-zoom={zoom}
        tabIndex={0}
        role="group"
        aria-label={t('location.title')}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight + -"
        aria-busy={state === 'loading'}
      />
      {state === 'loading' && <p className="atrium-map__status" role="status">{t('location.loading')}</p>}
      {state === 'failed' && (
        <p className="atrium-map__status" role="alert">
          {t('location.failed')} <button type="button" className="atrium-map__retry" onClick={retry}>{t('location.retry')}</button>
        </p>
      )}
    </Dialog>
  );
}
