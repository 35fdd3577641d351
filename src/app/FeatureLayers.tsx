import { lazy, Suspense } from 'react';
import type { Marker, Panorama, Tour } from '../protocol/tour.ts';
import type { ViewerQuery } from '../protocol/viewerQuery.ts';
import type { AvatarSource } from '../scene/index.ts';

// The panels and feature layers load after the first view: none is needed to paint the panorama (initial JS budget),
// and TourView mounts them only once the scene has drawn or failed (featuresReady, useSceneOutcome), so their chunks
// do not queue the scene's files on the page's few connections, and a visitor whose scene failed still gets them.
const ViewerPanels = lazy(() => import('../features/panels/ViewerPanels.tsx').then((m) => ({ default: m.ViewerPanels })));
// Likes, comments and view counts (a Socket.IO client).
const SocialLayer = lazy(() => import('../features/social/SocialLayer.tsx').then((m) => ({ default: m.SocialLayer })));
// Instant messaging (a Socket.IO client and the chat box): loaded after the first view, only for tours that offer it.
const ChatLayer = lazy(() => import('../features/chat/ChatLayer.tsx').then((m) => ({ default: m.ChatLayer })));
// The lounge (who is here, invitations, ticket sign-in): a lazy chunk after the first view, like the chat.
const LoungeLayer = lazy(() => import('../features/lounge/LoungeLayer.tsx').then((m) => ({ default: m.LoungeLayer })));
// Live meetings (Socket.IO and WebRTC): after the first view, and shown only when the server has meetings on.
const MeetingLayer = lazy(() => import('../features/meeting/MeetingLayer.tsx').then((m) => ({ default: m.MeetingLayer })));
const MeetingButton = lazy(() => import('../features/meeting/MeetingLayer.tsx').then((m) => ({ default: m.MeetingButton })));
// Favourites (hearts, the dialog): after the first view; the hearts in the panorama list load with it.
const FavouritesLayer = lazy(() => import('../features/favourites/FavouritesLayer.tsx').then((m) => ({ default: m.FavouritesLayer })));
const FavouriteHeart = lazy(() => import('../features/favourites/FavouriteHeart.tsx').then((m) => ({ default: m.FavouriteHeart })));
// Guided tours (the pilot list, player and recorder): after the first view; the button shows when there is something to play or record.
const PilotLayer = lazy(() => import('../features/pilot/PilotLayer.tsx').then((m) => ({ default: m.PilotLayer })));
const PilotButton = lazy(() => import('../features/pilot/PilotLayer.tsx').then((m) => ({ default: m.PilotButton })));
// Call a guide now (the tour ring): its button shows for tours with tourRingBtn on and guides named.
const TourRingButton = lazy(() => import('../features/tourRing/TourRingButton.tsx').then((m) => ({ default: m.TourRingButton })));
// Marker search: its button is lazy too; the index itself lives in a worker started when the panel opens.
const SearchButton = lazy(() => import('../features/search/SearchButton.tsx').then((m) => ({ default: m.SearchButton })));

interface FeatureLayersProps {
  tour: Tour;
  query: ViewerQuery;
  index: number;
  /** The visitor's own choice of panorama (a meeting's follower then looks around on their own). */
  onChoosePanorama: (index: number) => void;
  /** A move the meeting or the guided tour leads (not the visitor's own). */
  onLeadPanorama: (index: number) => void;
  openMarker: Marker | null;
  onOpenMarker: (marker: Marker | null) => void;
  /** A guided tour's route opens markers without taking the visitor's focus from its player. */
  onOpenRouteMarker: (marker: Marker | null) => void;
  onGoToFavourite: Parameters<typeof FavouritesLayer>[0]['onGo'];
  onAvatars: (avatars: AvatarSource | null) => void;
  navigate: (path: string) => void;
}

/**
 * Every lazy feature layer the viewer mounts once featuresReady: panels, likes and comments, meetings, favourites,
 * chat, guided tours, the lounge. No Suspense of its own: they share TourView's boundary, as they always have.
 */
export function FeatureLayers(p: FeatureLayersProps) {
  const { tour, query, index } = p;
  return (
    <>
      <ViewerPanels tour={tour} query={query} index={index} onSelectPanorama={p.onChoosePanorama} />
      <SocialLayer tour={tour} query={query} />
      <MeetingLayer tour={tour} index={index} onSelectPanorama={p.onLeadPanorama} openMarker={p.openMarker} onOpenMarker={p.onOpenMarker} navigate={p.navigate} />
      <FavouritesLayer tour={tour} onGo={p.onGoToFavourite} />
      {tour.instantMessagingEnable && <ChatLayer tour={tour} />}
      <PilotLayer tour={tour} index={index} onSelectPanorama={p.onLeadPanorama} openMarker={p.openMarker} onOpenMarker={p.onOpenRouteMarker} />
      <LoungeLayer tour={tour} groupId={query.group} panoramaId={tour.panoramas[index]?.objectId ?? null} onAvatars={p.onAvatars} />
    </>
  );
}

/** The lazy features' toolbar buttons (after featuresReady), each in its own boundary so the toolbar never waits. */
export function FeatureToolbarButtons({ tour, showSearch, searchOpen, onToggleSearch }: { tour: Tour; showSearch: boolean; searchOpen: boolean; onToggleSearch: () => void }) {
  return (
    <>
      {showSearch && <Suspense fallback={null}><SearchButton open={searchOpen} onToggle={onToggleSearch} /></Suspense>}
      <Suspense fallback={null}><MeetingButton /></Suspense>
      <Suspense fallback={null}><PilotButton /></Suspense>
      {tour.tourRingBtn && <Suspense fallback={null}><TourRingButton tour={tour} /></Suspense>}
    </>
  );
}

/** A panorama's heart on its thumbnail in the panorama list (favourites' chunk). */
export function PanoramaHeart({ tour, panorama }: { tour: Tour; panorama: Panorama }) {
  return (
    <Suspense fallback={null}>
      <FavouriteHeart item={{ identifier: 'panorama', identifierId: panorama.objectId, buildingId: tour.objectId }} name={panorama.name} className="atrium-heart--on-thumb" />
    </Suspense>
  );
}
