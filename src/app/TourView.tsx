import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrivalView, cameraState, lookOnArrival, noteUserInput, PanoramaScene, setView, viewForPosition, type AvatarSource, type NavigateRequest } from '../scene/index.ts';
import { useSnapshot } from '../state/store.ts';
import { isVisible, replacePanoramaWithIndex, withoutParams, type ViewerQuery } from '../protocol/viewerQuery.ts';
import type { Marker, Tour } from '../protocol/tour.ts';
import { ErrorScreen } from '../overlay/ErrorScreen.tsx';
import { ProgressBar } from '../overlay/ProgressBar.tsx';
import { SceneFailedNotice } from '../overlay/SceneFailedNotice.tsx';
import { PanoramaList } from '../overlay/PanoramaList.tsx';
import { panoramaEntries, type PanoramaEntry } from '../features/panoramaList/panoramaListModel.ts';
import { useXRPanoramaList } from '../features/panoramaList/useXRPanoramaList.ts';
import { xrPanelLabels } from '../features/markers/xr/xrPanelLabels.ts';
import { paletteFor, themeVariables } from '../features/theme/palettes.ts';
import { themeInUse, useVisitorTheme } from '../features/theme/visitorTheme.ts';
import { ownerEffects } from './ownerEffects.ts';
import { wrapIndex } from './availability.ts';
import { viewerPath } from '../protocol/routes.ts';
import { useTourAnalytics } from '../features/analytics/useTourAnalytics.ts';
import { clearHandedOffPanorama, handedOffMarker, handedOffPanorama, handOffPanorama } from './viewHandoff.ts';
import { posterSceneSharp } from './poster.ts';
import { entryAddress, pageOrderingEntry } from '../features/ordering/entryAddress.ts';
import { FeatureLayers, FeatureToolbarButtons, PanoramaHeart } from './FeatureLayers.tsx';
import { useSceneOutcome } from './useSceneOutcome.ts';
import { useViewControls } from './useViewControls.ts';
import { ViewerToolbar } from './ViewerToolbar.tsx';

const NO_ENTRIES: PanoramaEntry[] = [];
// Lazy too, but not held for featuresReady: each shows only on the visitor's request (a marker, the search panel)
// or for a page that needs it from the start (a retailer's ordering frame), or in a VR session.
const MarkerPanel = lazy(() => import('../features/markers/MarkerPanel.tsx').then((m) => ({ default: m.MarkerPanel })));
// The in-world menu and panels pull in @react-three/uikit: loaded only once a VR session has started.
const XRViewerOverlay = lazy(() => import('../features/xr/host/XRViewerOverlay.tsx').then((m) => ({ default: m.XRViewerOverlay })));
// Marker search's panel; the index itself lives in a worker started when the panel opens.
const SearchPanel = lazy(() => import('../features/search/SearchPanel.tsx').then((m) => ({ default: m.SearchPanel })));
// Its in-world twin's menu entry: mounted during a VR session only.
const XRSearchEntry = lazy(() => import('../features/search/XRSearchEntry.tsx').then((m) => ({ default: m.XRSearchEntry })));
// Wholesale ordering: only for a retailer's page (opened by the ordering platform's frame), started at once because
// the platform's code is short-lived.
const OrderingLayer = lazy(() => import('../features/ordering/OrderingLayer.tsx').then((m) => ({ default: m.OrderingLayer })));
const AddToOrder = lazy(() => import('../features/ordering/AddToOrder.tsx').then((m) => ({ default: m.AddToOrder })));
// Its in-world twin (the same store and messages) loads with the VR panels' kit, in a VR session only.
const XRAddToOrder = lazy(() => import('../features/ordering/xr/XRAddToOrder.tsx').then((m) => ({ default: m.XRAddToOrder })));

interface TourViewProps {
  tour: Tour;
  startIndex: number;
  partner: boolean;
  query: ViewerQuery;
  progress: Parameters<typeof ProgressBar>[0]['progress'];
  onFirstView: (tour: Tour) => void;
  navigate: (path: string) => void;
}

/** One tour on screen: which panorama shows, where the visitor goes from it, the scene and its flat-screen overlay. */
export function TourView({ tour, startIndex, partner, query, progress, onFirstView, navigate }: TourViewProps) {
  const { t, i18n } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const tourName = tour.nameMulti[i18n.language] ?? tour.nameMulti[i18n.language.split('-')[0] ?? ''] ?? tour.name;
  // A search result in another tour of the group opens this tour on the result's panorama.
  const [index, setIndex] = useState(() => {
    const handed = tour.panoramas.findIndex((p) => p.objectId === handedOffPanorama(tour.objectId));
    return handed >= 0 ? handed : startIndex;
  });
  const [searchOpen, setSearchOpen] = useState(false);
  const scene = useSceneOutcome(tour, root, onFirstView);
  const { featuresReady } = scene;
  const owner = ownerEffects(tour, query);
  // The visitor's own theme, where the owner offers the picker (features/theme).
  const visitorTheme = useVisitorTheme();
  // Visitor statistics, only when the owner records them. A visit is the tour opened (spec: the history is created
  // with the tour, viewing time runs while it is open), not the panorama drawn: a visitor whose scene failed still
  // has the tour's page. They wait for featuresReady only so their lazy chunk does not delay the scene's files;
  // featuresReady never turns back, so the visit is recorded once. query.linkSource is the ref parsed before its removal.
  const countMarkerClick = useTourAnalytics(tour, query.linkSource, featuresReady && owner.analytics);
  const [panobarOpen, setPanobarOpen] = useState(false);
  const controls = useViewControls(query);
  const [contextLost, setContextLost] = useState(false);
  // A search result in another tour of the group arrives with its marker's panel open.
  const [openMarker, setOpenMarker] = useState<Marker | null>(() => findMarker(tour, handedOffMarker(tour.objectId)));
  // The marker a guided tour's route opened: shown without taking the visitor's focus from the player.
  const [routeMarker, setRouteMarker] = useState<Marker | null>(null);
  const openRouteMarker = useCallback((marker: Marker | null) => {
    setRouteMarker(marker);
    setOpenMarker(marker);
  }, []);
  // Other people's heads: the lounge (a feature) supplies them, the scene draws them.
  const [avatars, setAvatars] = useState<AvatarSource | null>(null);
  const camera = useSnapshot(cameraState);
  const count = tour.panoramas.length;
  const panorama = tour.panoramas[index]!;

  // The address keeps the panorama's 1-based index (spec: `panorama` is replaced by `index` once resolved).
  useEffect(() => {
    const search = replacePanoramaWithIndex(location.search, index + 1);
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [index]);
  // The partner layout is chosen by the tour's headquarter, whatever the address said; the address follows.
  const partnerLayout = tour.layout === 'partner';
  useEffect(() => {
    if (partnerLayout === partner) return;
    history.replaceState(history.state, '', `${viewerPath(tour.objectId, partnerLayout)}${location.search}${location.hash}`);
  }, [partnerLayout, partner, tour.objectId]);
  useEffect(() => {
    if (query.ref) history.replaceState(history.state, '', withoutParams(location.href, ['ref']));
  }, [query.ref]);
  useEffect(() => {
    clearHandedOffPanorama(tour.objectId);
  }, [tour.objectId]);
  useEffect(() => {
    // The initial view, or the marker a search result asked to look at (the scene sets it again once loaded).
    const view = arrivalView(panorama);
    setView({ yaw: view?.ath ?? 0, pitch: -(view?.atv ?? 0), ...(view?.fov ? { fov: view.fov } : {}) });
  }, [panorama]);

  // The GPU was reset (driver crash, too many tabs): say so instead of freezing on a black canvas.
  // webglcontextlost does not bubble, so listen in the capture phase on the viewer's root.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onLost = () => setContextLost(true);
    el.addEventListener('webglcontextlost', onLost, true);
    return () => el.removeEventListener('webglcontextlost', onLost, true);
  }, []);

  // The visitor chose another panorama themselves (toolbar, list, floor plan, a marker, the keys): as for a drag, a
  // meeting's follower then looks around on their own. The meeting's and the guided tour's own moves use setIndex.
  const choosePanorama = useCallback((i: number) => {
    noteUserInput();
    setIndex(i);
  }, []);
  const step = useCallback((d: 1 | -1) => {
    noteUserInput();
    setIndex((i) => wrapIndex(i + d, count));
  }, [count]);
  const onNavigate = useCallback((r: NavigateRequest) => {
    if (r.reason !== 'autopilot') noteUserInput();
    if (r.kind === 'step') return step(r.step);
    if (r.kind === 'building' && r.buildingId !== tour.objectId) return navigate(viewerPath(r.buildingId));
    const target = tour.panoramas.findIndex((p) => p.objectId === r.panoramaId);
    if (target >= 0) setIndex(target);
  }, [step, tour, navigate]);

  const goToMarker = useCallback((target: { tourId: string; panoramaId: string; position: { ath: number; atv: number }; markerId?: string }) => {
    setSearchOpen(false);
    noteUserInput(); // the view was just chosen: auto-rotation waits before turning it away, a meeting stops leading
    if (target.panoramaId === panorama.objectId) return setView(viewForPosition(target.position));
    lookOnArrival(target.panoramaId, target.position);
    if (target.tourId !== tour.objectId) {
      handOffPanorama(target.tourId, target.panoramaId, target.markerId ?? null);
      return navigate(viewerPath(target.tourId));
    }
    const at = tour.panoramas.findIndex((p) => p.objectId === target.panoramaId);
    if (at >= 0) setIndex(at);
  }, [tour, panorama, navigate]);

  // A chosen result turns the view to its marker and opens the marker's panel, as a click on the marker would (on a
  // flat screen and beside the marker in VR): the visitor sees what they chose at once. A result in another tour
  // of the group hands its marker over with its panorama; that tour's viewer opens the panel.
  const openSearchResult = useCallback((hit: { markerId: string; tourId: string; panoramaId: string; position: { ath: number; atv: number } }) => {
    goToMarker(hit);
    const marker = hit.tourId === tour.objectId ? findMarker(tour, hit.markerId) : null;
    if (marker) setOpenMarker(marker);
  }, [tour, goToMarker]);

  // A favourite's "go there": its tour and panorama, looking at its marker, whose panel opens (in another tour of the
  // group, handed over with its panorama, as a search result is).
  const goToFavourite = useCallback((go: { buildingId: string; panoramaId: string | null; markerId: string | null; position: { ath: number; atv: number } | null }) => {
    if (go.panoramaId && go.position) goToMarker({ tourId: go.buildingId, panoramaId: go.panoramaId, position: go.position, ...(go.markerId ? { markerId: go.markerId } : {}) });
    else if (go.buildingId !== tour.objectId) {
      if (go.panoramaId) handOffPanorama(go.buildingId, go.panoramaId, go.markerId);
      return navigate(viewerPath(go.buildingId));
    } else {
      const at = tour.panoramas.findIndex((p) => p.objectId === go.panoramaId);
      if (at >= 0) setIndex(at);
    }
    const marker = findMarker(tour, go.markerId);
    if (marker) setOpenMarker(marker);
  }, [tour, goToMarker, navigate]);

  const palette = paletteFor(themeInUse(tour, visitorTheme));
  const style = useMemo(() => themeVariables(palette) as CSSProperties, [palette]);
  const showSearch = isVisible(query.overrides.search, true);
  // Embeds: onlyForVRmaker shows the bare scene (a VR maker's preview frame) unless ui=true asks for the controls;
  // disableBackground lets the host page show through until the panorama paints.
  const overlay = !query.embed.onlyForVRmaker || query.uiMode;
  // One list for the panobar and its in-world twin (offered in VR where the panobar is).
  const panoramaList = useMemo(() => panoramaEntries(tour.panoramas, index, (p) => (p.category === 'custom' ? (p.customCategory ?? t('room.custom')) : t(`room.${p.category}`))), [tour.panoramas, index, t]);
  useXRPanoramaList(overlay && query.panoramaList ? panoramaList : NO_ENTRIES, choosePanorama);
  useEffect(() => {
    document.documentElement.classList.toggle('atrium-transparent', query.embed.disableBackground);
  }, [query.embed.disableBackground]);
  const failure = scene.failureOn(panorama.objectId);

  return (
    <div ref={root} className={`atrium-viewer${controls.pseudoFullscreen ? ' is-pseudo-fullscreen' : ''}${partnerLayout ? ' is-partner' : ''}`} style={style} data-testid="viewer" data-panorama-index={index}>
      <PanoramaScene
        panoramas={tour.panoramas}
        index={index}
        options={{ autorotate: controls.autorotate, autopilot: owner.autopilot, autopilotAngle: query.autopilotAngle, gyro: controls.gyro, markerFilter: query.tagsOnly ? 'tagsOnly' : 'all' }}
        onNavigate={onNavigate}
        avatars={avatars}
        onMarkerClick={(m) => {
          setOpenMarker(m);
          countMarkerClick(m.objectId);
        }}
        xrOverlay={
          camera.xrActive ? (
            <XRViewerOverlay
              tour={tour} lang={i18n.language} marker={openMarker} markerLabels={xrPanelLabels(i18n)} exitLabel={t('toolbar.exit-vr')} onCloseMarker={() => setOpenMarker(null)}
              markerExtra={pageOrderingEntry ? (marker, width) => {
                // The R3F tree has no i18n context; the 'ordering' catalog was loaded by the retailer's bar.
                const orderingT = i18n.getFixedT(null, 'ordering');
                return <Suspense fallback={null}><XRAddToOrder marker={marker} lang={i18n.language} width={width} text={(m) => orderingT(m.key, m.values ?? {})} /></Suspense>;
              } : undefined}
            />
          ) : null
        }
        onFirstPixels={scene.onFirstPixels}
        onReady={posterSceneSharp}
        onError={scene.onError}
        markerLabel={(m) => (m.nextPanoramaId ? t('marker.go-to', { name: tour.panoramas.find((p) => p.objectId === m.nextPanoramaId)?.name ?? m.name ?? '' }) : m.name || m.type)}
      />
      {failure && <SceneFailedNotice kind={failure} />}
      <ProgressBar progress={progress} visible={!(progress.complete && scene.settled)} />
      {overlay && query.allows.tourName && <h1 className="atrium-title" data-testid="tour-name">{tourName}</h1>}
      {overlay && query.panoramaList && (
        <PanoramaList entries={panoramaList} panoramas={tour.panoramas} open={panobarOpen} onToggle={() => setPanobarOpen((o) => !o)} onSelect={choosePanorama}
          entryExtra={featuresReady ? (p) => <PanoramaHeart tour={tour} panorama={p} /> : undefined} />
      )}
      {overlay && (
        <ViewerToolbar query={query} position={{ index, count }} step={step} controls={controls} xrActive={camera.xrActive} root={() => root.current!}>
          {featuresReady && <FeatureToolbarButtons tour={tour} showSearch={showSearch} searchOpen={searchOpen} onToggleSearch={() => setSearchOpen((o) => !o)} />}
        </ViewerToolbar>
      )}
      <Suspense fallback={null}>
        {overlay && featuresReady && (
          <FeatureLayers tour={tour} query={query} index={index} onChoosePanorama={choosePanorama} onLeadPanorama={setIndex} openMarker={openMarker}
            onOpenMarker={setOpenMarker} onOpenRouteMarker={openRouteMarker} onGoToFavourite={goToFavourite} onAvatars={setAvatars} navigate={navigate} />
        )}
        {overlay && showSearch && camera.xrActive && <Suspense fallback={null}><XRSearchEntry tour={tour} groupId={query.group} onChoose={openSearchResult} /></Suspense>}
        {overlay && showSearch && searchOpen && <SearchPanel tour={tour} groupId={query.group} onChoose={openSearchResult} onClose={() => setSearchOpen(false)} />}
        {pageOrderingEntry && <OrderingLayer entry={pageOrderingEntry} pageUrl={entryAddress} />}
        {openMarker && !camera.xrActive && (
          <MarkerPanel marker={openMarker} tour={tour} onClose={() => setOpenMarker(null)} footer={pageOrderingEntry ? <AddToOrder marker={openMarker} /> : null}
            modal={openMarker !== routeMarker} />
        )}
      </Suspense>
      {contextLost && <ErrorScreen kind="context-lost" />}
      {overlay && tour.showPoweredBy && query.allows.poweredBy && <a className="atrium-powered" href="/" target="_blank" rel="noreferrer">{t('branding.powered-by')}</a>}
    </div>
  );
}

const findMarker = (tour: Tour, markerId: string | null): Marker | null =>
  (markerId ? tour.panoramas.flatMap((p) => p.markers).find((m) => m.objectId === markerId) : undefined) ?? null;
