import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { removeFavourite, startFavourites, stopFavourites, undoRemove } from './model/favouritesController.ts';
import { showFavourites, useFavourites } from './model/favouritesStore.ts';
import { favouritesViewModel, type FavouriteRow } from './model/favouritesViewModel.ts';
import { ExportButton } from './ExportButton.tsx';
import { FavouritesDialog } from './FavouritesDialog.tsx';
import { useFavouritesLabels } from './useFavouritesLabels.ts';
import { HEART_PATH } from './HeartIcon.tsx';
import { xrFavouritesPage } from './model/xrFavouritesModel.ts';
import type { XRFavouritesPanelVM } from './xr/XRFavouritesPanel.tsx';
import { useXRPanel } from '../xr/registry.ts';
import './favourites.css';

// The uikit view loads only when the panel is opened inside a headset.
const XRFavouritesPanel = lazy(() => import('./xr/XRFavouritesPanel.tsx'));

export type FavouriteDestination = NonNullable<FavouriteRow['go']>;

interface Props {
  tour: Tour;
  /** Opens the destination: the tour, its panorama, looking at the marker (TourView's goToMarker and friends). */
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
  useInWorldFavourites(vm, state.enabled, removedText, onGo);
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

/** Offers the favourites in VR (menu slot 70): the same view model as the dialog, a page at a time. */
function useInWorldFavourites(vm: ReturnType<typeof favouritesViewModel>, enabled: boolean, removedText: (name: string) => string, onGo: (go: FavouriteDestination) => void) {
  const { t } = useTranslation('viewer');
  const [page, setPage] = useState(0);
  // Read when a button is pressed: a new callback from the page must not re-register the panel.
  const go = useRef(onGo);
  useEffect(() => {
    go.current = onGo;
  });
  const xrVm = useMemo((): XRFavouritesPanelVM => {
    const rows = vm.groups.flatMap((g) => g.rows);
    return {
      ...xrFavouritesPage(vm, page, { page: (n, count) => t('paging.page', { page: n, count }), previous: t('paging.previous'), next: t('paging.next') }, removedText),
      act: {
        go: (key) => {
          const destination = rows.find((r) => r.key === key)?.go;
          if (destination) go.current(destination);
        },
        remove: (key) => {
          const row = rows.find((r) => r.key === key);
          if (row) void removeFavourite(row.item);
        },
        undo: () => void undoRemove(),
        page: setPage,
      },
    };
  }, [vm, page, t, removedText]);
  useXRPanel(enabled ? { id: 'favourites', icon: HEART_PATH, title: vm.labels.title, vm: xrVm, View: XRFavouritesPanel } : null);
}

/** Where "go there" leads inside the tour on screen: the panorama's index and the marker to open, if any. */
export function destinationIn(tour: Tour, go: FavouriteDestination): { index: number; marker: Marker | null } | null {
  if (go.buildingId !== tour.objectId) return null;
  const index = tour.panoramas.findIndex((p) => p.objectId === go.panoramaId);
  if (index < 0) return null;
  const marker = go.markerId ? (tour.panoramas[index]!.markers.find((m) => m.objectId === go.markerId) ?? null) : null;
  return { index, marker };
}
