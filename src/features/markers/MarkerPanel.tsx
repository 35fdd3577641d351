import { type ReactNode, Suspense, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { FAVORITE_MARKER_TYPES } from '../../protocol/favorites.ts';
import { CompanyFavourite } from '../favourites/CompanyFavourite.tsx';
import { FavouriteHeart } from '../favourites/FavouriteHeart.tsx';
import { markerViewModel } from './model/markerViewModel.ts';
import { MarkerBody } from './parts/MarkerBody.tsx';
import { useDialogFocus } from './useDialogFocus.ts';
import './markers.css';

export interface MarkerPanelProps {
  /** The marker the visitor opened, or null when no panel is open. */
  marker: Marker | null;
  tour: Tour;
  onClose: () => void;
  /** More content under the marker's own (a retailer's "Add to order"); the panel does not know what it is. */
  footer?: ReactNode;
  /**
   * false for a marker a guided tour opened: the visitor's focus stays at the player (pause, seek, self-browsing stay
   * a Tab away), the scene stays usable around it, and the route closes it again.
   */
  modal?: boolean;
}

/** The panel of an opened marker (flat screens): a dialog (modal unless a guided tour opened it) whose content depends on the marker's kind. */
export function MarkerPanel({ marker, tour, onClose, footer, modal = true }: MarkerPanelProps) {
  if (!marker) return null;
  // react-i18next suspends while the 'markers' catalog loads; nothing shows until then.
  return (
    <Suspense fallback={null}>
      <MarkerDialog key={marker.objectId} marker={marker} tour={tour} onClose={onClose} footer={footer} modal={modal} />
    </Suspense>
  );
}

function MarkerDialog({ marker, tour, onClose, footer, modal }: { marker: Marker; tour: Tour; onClose: () => void; footer?: ReactNode; modal: boolean }) {
  const { t, i18n } = useTranslation('markers');
  const vm = useMemo(() => markerViewModel(marker, tour, i18n.language), [marker, tour, i18n.language]);
  const dialog = useRef<HTMLDivElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  useDialogFocus(dialog, close, modal);
  const titleId = `atrium-marker-title-${marker.objectId}`;
  return (
    <div className={`atrium-marker-backdrop${modal ? '' : ' is-modeless'}`} onPointerDown={(e) => modal && e.target === e.currentTarget && close()}>
      <div
        ref={dialog}
        className={`atrium-marker-panel is-${vm.kind}`}
        role="dialog"
        aria-modal={modal}
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="marker-panel"
        data-marker-kind={vm.kind}
        // Keys typed in the panel (arrows in a gallery) must not also turn the panorama behind it.
        onKeyDown={(e) => e.stopPropagation()}
      >
        <header className="atrium-marker-head">
          <h2 id={titleId} data-testid="marker-title">{vm.title || t('markers.untitled')}</h2>
          {savable(marker) && <FavouriteHeart item={{ identifier: 'marker', identifierId: marker.objectId, buildingId: tour.objectId }} name={vm.title || marker.type} />}
          <button type="button" className="atrium-marker-close" onClick={close} aria-label={t('markers.close')} data-autofocus data-testid="marker-close">
            ×
          </button>
        </header>
        <div className="atrium-marker-content">
          <MarkerBody vm={vm} />
          {marker.companyId && <CompanyFavourite companyId={marker.companyId} buildingId={tour.objectId} />}
          {footer}
        </div>
      </div>
    </div>
  );
}


/** Section 3's marker types a visitor can keep in favourites (navigation and decoration markers are not things to keep). */
const savable = (marker: Marker): boolean => (FAVORITE_MARKER_TYPES as readonly string[]).includes(marker.type);
