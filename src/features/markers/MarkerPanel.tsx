import { Suspense, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { markerViewModel } from './model/markerViewModel.ts';
import { MarkerBody } from './parts/MarkerBody.tsx';
import { useDialogFocus } from './useDialogFocus.ts';
import './markers.css';

export interface MarkerPanelProps {
  /** The marker the visitor opened, or null when no panel is open. */
  marker: Marker | null;
  tour: Tour;
  onClose: () => void;
}

/** The panel of an opened marker (flat screens): a modal dialog whose content depends on the marker's kind. */
export function MarkerPanel({ marker, tour, onClose }: MarkerPanelProps) {
  if (!marker) return null;
  // react-i18next suspends while the 'markers' catalog loads; nothing shows until then.
  return (
    <Suspense fallback={null}>
      <MarkerDialog key={marker.objectId} marker={marker} tour={tour} onClose={onClose} />
    </Suspense>
  );
}

function MarkerDialog({ marker, tour, onClose }: { marker: Marker; tour: Tour; onClose: () => void }) {
  const { t, i18n } = useTranslation('markers');
  const vm = useMemo(() => markerViewModel(marker, tour, i18n.language), [marker, tour, i18n.language]);
  const dialog = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  useDialogFocus(dialog, close);
  const titleId = `atrium-marker-title-${marker.objectId}`;
  return (
    <div className="atrium-marker-backdrop" onPointerDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialog}
        className={`atrium-marker-panel is-${vm.kind}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="marker-panel"
        data-marker-kind={vm.kind}
        // Keys typed in the panel (arrows in a gallery) must not also turn the panorama behind it.
        onKeyDown={(e) => e.stopPropagation()}
      >
        <header className="atrium-marker-head">
          <h2 id={titleId} data-testid="marker-title">{vm.title || t('markers.untitled')}</h2>
          <button type="button" className="atrium-marker-close" onClick={close} aria-label={t('markers.close')} data-autofocus data-testid="marker-close">
            ×
          </button>
        </header>
        <div className="atrium-marker-content">
          <MarkerBody vm={vm} />
        </div>
      </div>
    </div>
  );
}

