import { type ComponentProps, type CSSProperties, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrivalView, cameraState, enterVR, exitVR, isVRSupported, lookOnArrival, noteUserInput, PanoramaScene, requestGyroPermission, sceneFailureKind, setView, viewForPosition, zoomIn, zoomOut, type AvatarSource, type NavigateRequest, type SceneFailureKind } from '../scene/index.ts';
import { useSnapshot } from '../state/store.ts';
import { isVisible, replacePanoramaWithIndex, withoutParams, type ViewerQuery } from '../protocol/viewerQuery.ts';
import type { Tour } from '../protocol/tour.ts';
import { ErrorScreen } from '../overlay/ErrorScreen.tsx';
import { ProgressBar } from '../overlay/ProgressBar.tsx';
import { SceneFailedNotice } from '../overlay/SceneFailedNotice.tsx';
import { PanoramaList } from '../overlay/PanoramaList.tsx';
import { panoramaEntries, type PanoramaEntry } from '../features/panoramaList/panoramaListModel.ts';
import { useXRPanoramaList } from '../features/panoramaList/useXRPanoramaList.ts';
import { Toolbar } from '../overlay/Toolbar.tsx';
import type { Marker } from '../protocol/tour.ts';
import { xrPanelLabels } from '../features/markers/xr/xrPanelLabels.ts';
import { toggleFullscreen } from '../overlay/fullscreen.ts';
import { paletteFor, themeVariables } from '../features/theme/palettes.ts';
import { themeInUse, useVisitorTheme } from '../features/theme/visitorTheme.ts';
import { ownerEffects } from './ownerEffects.ts';
import { wrapIndex } from './availability.ts';
import { useTourLoader } from './useTourLoader.ts';
import { viewerPath } from '../protocol/routes.ts';
import { useTourAnalytics } from '../features/analytics/useTourAnalytics.ts';
import { requiresGate } from '../features/gate/requiresGate.ts';
import { clearHandedOffPanorama, handedOffMarker, handedOffPanorama, handOffPanorama } from './viewHandoff.ts';
import { dismissPoster, handOverPoster, posterSceneSharp } from './poster.ts';
import { useSceneFirst } from './useSceneFirst.ts';
import { entryAddress, pageOrderingEntry } from '../features/ordering/entryAddress.ts';

// The panels and feature layers load after the first view: none is needed to paint the panorama (initial JS budget),
// and they mount only once the scene has drawn or failed (featuresReady, useSceneFirst), so their chunks do not queue
// the scene's files on the page's few connections, and a visitor whose scene failed still gets them.
const NO_ENTRIES: PanoramaEntry[] = [];
const MarkerPanel = lazy(() => import('../features/markers/MarkerPanel.tsx').then((m) => ({ default: m.MarkerPanel })));
const ViewerPanels = lazy(() => import('../features/panels/ViewerPanels.tsx').then((m) => ({ default: m.ViewerPanels })));
// Likes, comments and view counts (a Socket.IO client).
const SocialLayer = lazy(() => import('../features/social/SocialLayer.tsx').then((m) => ({ default: m.SocialLayer })));

// Instant messaging (a Socket.IO client and the chat box): loaded after the first view, only for tours that offer it.
const ChatLayer = lazy(() => import('../features/chat/ChatLayer.tsx').then((m) => ({ default: m.ChatLayer })));
// The lounge (who is here, invitations, ticket sign-in): a lazy chunk after the first view, like the chat.
const LoungeLayer = lazy(() => import('../features/lounge/LoungeLayer.tsx').then((m) => ({ default: m.LoungeLayer })));

// The visitor gate (visitor form, access code, whitelist sign-in): loaded only for tours that ask for it.
const VisitorGate = lazy(() => import('../features/gate/VisitorGate.tsx').then((m) => ({ default: m.VisitorGate })));
// The in-world menu and panels pull in @react-three/uikit: loaded only once a VR session has started.
const XRViewerOverlay = lazy(() => import('../features/xr/host/XRViewerOverlay.tsx').then((m) => ({ default: m.XRViewerOverlay })));
// Marker search: its button and panel are lazy too; the index itself lives in a worker started when the panel opens.
const SearchButton = lazy(() => import('../features/search/SearchButton.tsx').then((m) => ({ default: m.SearchButton })));
const SearchPanel = lazy(() => import('../features/search/SearchPanel.tsx').then((m) => ({ default: m.SearchPanel })));
// Its in-world twin's menu entry: mounted during a VR session only.
const XRSearchEntry = lazy(() => import('../features/search/XRSearchEntry.tsx').then((m) => ({ default: m.XRSearchEntry })));
// Wholesale ordering: only for a retailer's page (opened by the ordering platform's frame), started at once because
// the platform's code is short-lived.
const OrderingLayer = lazy(() => import('../features/ordering/OrderingLayer.tsx').then((m) => ({ default: m.OrderingLayer })));
const AddToOrder = lazy(() => import('../features/ordering/AddToOrder.tsx').then((m) => ({ default: m.AddToOrder })));
// Its in-world twin (the same store and messages) loads with the VR panels' kit, in a VR session only.
const XRAddToOrder = lazy(() => import('../features/ordering/xr/XRAddToOrder.tsx').then((m) => ({ default: m.XRAddToOrder })));
// Live meetings (Socket.IO and WebRTC): after the first view, and shown only when the server has meetings on.
const MeetingLayer = lazy(() => import('../features/meeting/MeetingLayer.tsx').then((m) => ({ default: m.MeetingLayer })));
// Favourites (hearts, the dialog): after the first view; the hearts in the panorama list load with it.
const FavouritesLayer = lazy(() => import('../features/favourites/FavouritesLayer.tsx').then((m) => ({ default: m.FavouritesLayer })));
const FavouriteHeart = lazy(() => import('../features/favourites/FavouriteHeart.tsx').then((m) => ({ default: m.FavouriteHeart })));
const MeetingButton = lazy(() => import('../features/meeting/MeetingLayer.tsx').then((m) => ({ default: m.MeetingButton })));
// Guided tours (the pilot list, player and recorder): after the first view; the button shows when there is something to play or record.
const PilotLayer = lazy(() => import('../features/pilot/PilotLayer.tsx').then((m) => ({ default: m.PilotLayer })));
// Call a guide now (the tour ring): its button shows for tours with tourRingBtn on and guides named.
const TourRingButton = lazy(() => import('../features/tourRing/TourRingButton.tsx').then((m) => ({ default: m.TourRingButton })));
const PilotButton = lazy(() => import('../features/pilot/PilotLayer.tsx').then((m) => ({ default: m.PilotButton })));

interface Props {
  buildingId: string | null;
  partner: boolean;
  query: ViewerQuery;
  navigate: (path: string) => void;
}

/** The default viewer: loads the tour, shows the right screen, then the scene with its flat-screen overlay. */
export function ViewerPage({ buildingId, partner, query, navigate }: Props) {
  const { state, progress, loadPreviews, unlock } = useTourLoader(buildingId, query);
  const [firstViewOf, setFirstViewOf] = useState<string | null>(null);
  const redirect = useCallback((id: string) => navigate(viewerPath(id)), [navigate]);
  const onFirstView = useCallback((tour: Tour) => {
    setFirstViewOf(tour.objectId);
    loadPreviews(tour);
  }, [loadPreviews]);
  if (state.phase === 'loading') return <ProgressBar progress={progress} visible />;
  const { screen, tour } = state;
  if (screen.kind === 'gate' && tour) return <Gated tour={tour} appReady={false} unlock={unlock} />;
  if (screen.kind !== 'ready' || !tour) {
    if (screen.kind === 'ready') return <ErrorScreen kind="something-wrong" />;
    const r = 'redirectTo' in screen ? screen : undefined;
    const reason = screen.kind === 'tour-not-found' ? screen.reason : undefined;
    return <ErrorScreen kind={screen.kind === 'gate' ? 'something-wrong' : screen.kind} reason={reason} redirectTo={r?.redirectTo} afterMs={r?.afterMs} onRedirect={redirect} />;
  }
  const view = <TourView key={tour.objectId} tour={tour} startIndex={screen.startIndex} partner={partner} query={query} progress={progress} onFirstView={onFirstView} navigate={navigate} />;
  if (!requiresGate(tour)) return view;
  return <Gated tour={tour} appReady={firstViewOf === tour.objectId} unlock={unlock}>{view}</Gated>;
}

/**
 * A tour behind the visitor gate. The gate stays one element (same place, same key) while the answer changes from the
 * gate screen's fields to the whole tour, so its "granted" veil and timings run across that change.
 */
function Gated({ tour, appReady, unlock, children }: { tour: Tour; appReady: boolean; unlock: ComponentProps<typeof VisitorGate>['unlock']; children?: ReactNode }) {
  return (
    <>
      {children ?? <div className="atrium-gate-backdrop" />}
      {/* Until the gate's chunk arrives, an opaque cover: a gated tour is never shown, not even for a moment. */}
      <Suspense fallback={<div style={{ position: 'fixed', inset: 0, zIndex: 40, background: '#0c0e14' }} />}>
        <VisitorGate key={tour.objectId} tour={tour} appReady={appReady} unlock={unlock} />
      </Suspense>
    </>
  );
}

interface TourViewProps {
  tour: Tour;
  startIndex: number;
  partner: boolean;
  query: ViewerQuery;
  progress: Parameters<typeof ProgressBar>[0]['progress'];
  onFirstView: (tour: Tour) => void;
  navigate: (path: string) => void;
}

function TourView({ tour, startIndex, partner, query, progress, onFirstView, navigate }: TourViewProps) {
  const { t, i18n } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const tourName = tour.nameMulti[i18n.language] ?? tour.nameMulti[i18n.language.split('-')[0] ?? ''] ?? tour.name;
  // A search result in another tour of the group opens this tour on the result's panorama.
  const [index, setIndex] = useState(() => {
    const handed = tour.panoramas.findIndex((p) => p.objectId === handedOffPanorama(tour.objectId));
    return handed >= 0 ? handed : startIndex;
  });
  const [searchOpen, setSearchOpen] = useState(false);
  const [firstPixels, setFirstPixels] = useState(false);
  // What stopped the scene, or the panorama that failed to load while it lives on (scene/sceneFailure.ts).
  const [sceneFailure, setSceneFailure] = useState<{ kind: SceneFailureKind; panoramaId: string } | null>(null);
  // The one rule for every lazy feature layer (panels, search, social, meeting, favourites, chat, pilot, lounge): once
  // the scene has drawn or failed, or after useSceneFirst's backstop (their chunks would delay the scene's files).
  const featuresReady = useSceneFirst(firstPixels || sceneFailure !== null);
  const owner = ownerEffects(tour, query);
  // The visitor's own theme, where the owner offers the picker (features/theme).
  const visitorTheme = useVisitorTheme();
  // Visitor statistics start after the first view (a lazy chunk), and only when the owner records them; query.linkSource
  // is the ref parsed before its removal.
  const countMarkerClick = useTourAnalytics(tour, query.linkSource, firstPixels && owner.analytics);
  const [panobarOpen, setPanobarOpen] = useState(false);
  const [autorotate, setAutorotate] = useState(!query.switches.autorotateOff);
  const [gyro, setGyro] = useState(false);
  const [pseudoFullscreen, setPseudoFullscreen] = useState(false);
  const [nativeFullscreen, setNativeFullscreen] = useState(false);
  const [vrSupported, setVrSupported] = useState(false);
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
  useEffect(() => {
    // Read-only diagnostics for tests and support: the view the camera shows.
    (window as { __atriumCamera?: typeof cameraState }).__atriumCamera = cameraState;
    void isVRSupported().then(setVrSupported);
    const onChange = () => setNativeFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

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
  const fullscreenActive = nativeFullscreen || pseudoFullscreen;
  const showFullscreen = isVisible(query.overrides.fullscreen, true);
  const showSearch = isVisible(query.overrides.search, true);
  const hasTouch = typeof window !== 'undefined' && 'ontouchstart' in window;
  // Embeds: onlyForVRmaker shows the bare scene (a VR maker's preview frame) unless ui=true asks for the controls;
  // disableBackground lets the host page show through until the panorama paints.
  const overlay = !query.embed.onlyForVRmaker || query.uiMode;
  // One list for the panobar and its in-world twin (offered in VR where the panobar is).
  const panoramaList = useMemo(() => panoramaEntries(tour.panoramas, index, (p) => (p.category === 'custom' ? (p.customCategory ?? t('room.custom')) : t(`room.${p.category}`))), [tour.panoramas, index, t]);
  useXRPanoramaList(overlay && query.panoramaList ? panoramaList : NO_ENTRIES, choosePanorama);
  useEffect(() => {
    document.documentElement.classList.toggle('atrium-transparent', query.embed.disableBackground);
  }, [query.embed.disableBackground]);

  return (
    <div ref={root} className={`atrium-viewer${pseudoFullscreen ? ' is-pseudo-fullscreen' : ''}${partnerLayout ? ' is-partner' : ''}`} style={style} data-testid="viewer" data-panorama-index={index}>
      <PanoramaScene
        panoramas={tour.panoramas}
        index={index}
        options={{ autorotate, autopilot: owner.autopilot, autopilotAngle: query.autopilotAngle, gyro, markerFilter: query.tagsOnly ? 'tagsOnly' : 'all' }}
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
        onFirstPixels={() => {
          handOverPoster(root.current);
          setFirstPixels(true);
          setSceneFailure((f) => (f?.kind === 'panorama' ? null : f)); // a panorama that failed came on a retry, or another one shows
          onFirstView(tour);
        }}
        onReady={posterSceneSharp}
        onError={(error, panoramaId) => {
          dismissPoster();
          setSceneFailure({ kind: sceneFailureKind(error), panoramaId });
          console.error(error);
          onFirstView(tour);
        }}
        markerLabel={(m) => (m.nextPanoramaId ? t('marker.go-to', { name: tour.panoramas.find((p) => p.objectId === m.nextPanoramaId)?.name ?? m.name ?? '' }) : m.name || m.type)}
      />
      {sceneFailure && (sceneFailure.kind !== 'panorama' || sceneFailure.panoramaId === panorama.objectId) && <SceneFailedNotice kind={sceneFailure.kind} />}
      <ProgressBar progress={progress} visible={!(progress.complete && (firstPixels || sceneFailure !== null))} />
      {overlay && query.allows.tourName && <h1 className="atrium-title" data-testid="tour-name">{tourName}</h1>}
      {overlay && query.panoramaList && (
        <PanoramaList entries={panoramaList} panoramas={tour.panoramas} open={panobarOpen} onToggle={() => setPanobarOpen((o) => !o)} onSelect={choosePanorama}
          entryExtra={featuresReady ? (p) => <Suspense fallback={null}><FavouriteHeart item={{ identifier: 'panorama', identifierId: p.objectId, buildingId: tour.objectId }} name={p.name} className="atrium-heart--on-thumb" /></Suspense> : undefined} />
      )}
      {overlay && <Toolbar
        position={{ index, count }}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
        autorotate={{ active: autorotate, toggle: () => setAutorotate((a) => !a) }}
        gyro={{
          visible: hasTouch && query.allows.gyro,
          active: gyro,
          toggle: async () => {
            if (gyro) return setGyro(false);
            if ((await requestGyroPermission()) === 'granted') setGyro(true);
          },
        }}
        fullscreen={{
          visible: showFullscreen,
          active: fullscreenActive,
          toggle: () => void toggleFullscreen(root.current!, { on: pseudoFullscreen, set: setPseudoFullscreen }),
        }}
        vr={{ visible: vrSupported && query.allows.vrMode, active: camera.xrActive, toggle: () => void (camera.xrActive ? exitVR() : enterVR()) }}
      >
        {showSearch && featuresReady && <Suspense fallback={null}><SearchButton open={searchOpen} onToggle={() => setSearchOpen((o) => !o)} /></Suspense>}
        {featuresReady && <Suspense fallback={null}><MeetingButton /></Suspense>}
        {featuresReady && <Suspense fallback={null}><PilotButton /></Suspense>}
        {featuresReady && tour.tourRingBtn && <Suspense fallback={null}><TourRingButton tour={tour} /></Suspense>}
      </Toolbar>}
      <Suspense fallback={null}>
        {overlay && featuresReady && <ViewerPanels tour={tour} query={query} index={index} onSelectPanorama={choosePanorama} />}
        {overlay && featuresReady && <SocialLayer tour={tour} query={query} />}
        {overlay && featuresReady && <MeetingLayer tour={tour} index={index} onSelectPanorama={setIndex} openMarker={openMarker} onOpenMarker={setOpenMarker} navigate={navigate} />}
        {overlay && featuresReady && <FavouritesLayer tour={tour} onGo={goToFavourite} />}
        {overlay && featuresReady && tour.instantMessagingEnable && <ChatLayer tour={tour} />}
        {overlay && featuresReady && <PilotLayer tour={tour} index={index} onSelectPanorama={setIndex} openMarker={openMarker} onOpenMarker={openRouteMarker} />}
        {overlay && featuresReady && <LoungeLayer tour={tour} groupId={query.group} panoramaId={tour.panoramas[index]?.objectId ?? null} onAvatars={setAvatars} />}
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
