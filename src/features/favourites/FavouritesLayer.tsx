import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { startFavourites, stopFavourites } from './model/favouritesController.ts';
import { showFavourites, useFavourites } from './model/favouritesStore.ts';
import { favouritesViewModel, type FavouriteRow } from './model/favouritesViewModel.ts';
import { ExportButton } from './ExportButton.tsx';
import { FavouritesDialog } from './FavouritesDialog.tsx';
import { useFavouritesLabels } from './useFavouritesLabels.ts';
import './favourites.css';

export type FavouriteDestination = NonNullable<FavouriteRow['go']>;

interface Props {
  tour: Tour;
  /** Opens the destination: the tour, its panorama, looking at the marker (ViewerPage's goToMarker and friends). */
  onGo: (go: FavouriteDestination) => void;
}

/** Favourites in the viewer (a lazy chunk after the first view): starts the list for this tour and shows the dialog. */
export function FavouritesLayer(props: Props) {
  return (
    <Suspense fallback={null}>
      <Layer {...props} />
    </Suspense>
  );
}

function Layer({ tour, onGo }: Props) {
  const state = useFavourites();
  const { t } = useTranslation('favourites');
  const { labels, lang, removedText } = useFavouritesLabels(state.noteLimit);
  useEffect(() => {
    void startFavourites(tour.objectId);
    return () => stopFavourites();
  }, [tour.objectId]);
  const vm = useMemo(() => favouritesViewModel(state, lang, labels), [state, lang, labels]);
  if (!state.enabled || !state.dialog.visible) return null;
  return (
    <FavouritesDialog
      vm={vm} removedText={removedText} savedText={t('favourites.note-saved')} onClose={() => showFavourites(false)}
      exportSlot={<ExportButton tourId={tour.objectId} />}
      onGo={(go) => {
        showFavourites(false);
        onGo(go);
      }}
    />
  );
}

/** Where "go there" leads inside the tour on screen: the panorama's index and the marker to open, if any. */
export function destinationIn(tour: Tour, go: FavouriteDestination): { index: number; marker: Marker | null } | null {
  if (go.buildingId !== tour.objectId) return null;
  const index = tour.panoramas.findIndex((p) => p.objectId === go.panoramaId);
  if (index < 0) return null;
  const marker = go.markerId ? (tour.panoramas[index]!.markers.find((m) => m.objectId === go.markerId) ?? null) : null;
  return { index, marker };
}
