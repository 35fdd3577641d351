import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import type { ViewerQuery } from '../../protocol/viewerQuery.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { FloatMenu } from './FloatMenu.tsx';
import { FloorPlanPanel } from './FloorPlanPanel.tsx';
import { InfoPanel } from './InfoPanel.tsx';
import { LocationPanel } from './LocationPanel.tsx';
import { localText } from './localText.ts';
import { MusicPlayer } from './MusicPlayer.tsx';
import type { PanelId } from './panelIds.ts';
import { PromotionBar } from './PromotionBar.tsx';
import { SharePanel } from './SharePanel.tsx';
import { useNarrowScreen } from './useNarrowScreen.ts';
import { ProfileEntry } from '../account/ProfileEntry.tsx';
import { FavouritesEntry } from '../favourites/FavouritesEntry.tsx';
import { BookingEntry, BookingPanelSlot } from '../booking/BookingEntry.tsx';
import { ProfilePanelSlot } from '../account/ProfilePanelSlot.tsx';
import { useProfileAutoOpen } from '../account/useProfileAutoOpen.ts';
import { infoViewModel } from './infoModel.ts';
import { shareViewModel, type ShareViewModel } from './shareModel.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';
import { anyPanelOpen, usePanelTurn } from '../../state/panelTurn.ts';
import { PROFILE_PANEL } from '../account/profilePanelId.ts';
import './panels.css';

// In-world twins: loaded only when opened inside a VR session (the registry keeps just a reference).
const XRInfoPanel = lazy(() => import('./xr/XRInfoPanel.tsx'));
const XRSharePanel = lazy(() => import('./xr/XRSharePanel.tsx'));

export interface ViewerPanelsProps {
  tour: Tour;
  query: ViewerQuery;
  /** 0-based index of the panorama on screen. */
  index: number;
  onSelectPanorama: (index: number) => void;
}

/** Which panels this tour and address offer, in menu order. */
export function availablePanels(tour: Tour, query: ViewerQuery): PanelId[] {
  const panels: PanelId[] = ['info'];
  if (tour.floorplan && tour.panoramas.some((p) => p.position)) panels.push('floorplan');
  if (tour.mapEnable && tour.geoLatitude != null && tour.geoLongitude != null) panels.push('location');
  if (query.allows.share) panels.push('share');
  return panels;
}

/** The viewer's panels (information, floor plan, location, share, menus, cookie banner, music...). */
export function ViewerPanels(props: ViewerPanelsProps) {
  // The 'panels' catalog loads lazily: render nothing until it has arrived rather than suspend the whole viewer.
  return (
    <Suspense fallback={null}>
      <Panels {...props} />
    </Suspense>
  );
}

function Panels({ tour, query, index, onSelectPanorama }: ViewerPanelsProps) {
  const { i18n } = useTranslation('panels');
  // ?calendar=1 opens the booking calendar at once: the tour ring's answers link here (protocol/tourRingNames.ts).
  const [open, setOpen] = useState<PanelId | 'profile' | 'booking' | null>(() => (new URLSearchParams(window.location.search).get('calendar') === '1' ? 'booking' : null));
  const narrow = useNarrowScreen();
  const panels = availablePanels(tour, query);
  const close = () => setOpen(null);
  // The profile panel opens by itself once for a signed-in visitor, unless another panel (of any feature) is open.
  const signedIn = useProfileAutoOpen(useCallback(() => {
    if (!anyPanelOpen()) setOpen((o) => o ?? 'profile');
  }, []));
  const profileOpen = open === 'profile' && signedIn;
  // The profile panel's code loads when it first opens: its turn is claimed now, under its dialog's key.
  usePanelTurn(profileOpen, close, PROFILE_PANEL);
  const current = open && open !== 'profile' && open !== 'booking' && panels.includes(open) ? open : null;
  const music = tour.music && tour.music !== 'none' ? tour.music : null;
  const share = useShareViewModel();
  useInWorldPanels(tour, panels.includes('share') ? share : null);
  return (
    <>
      {tour.meta.showPromotionHeader === true && <PromotionBar />}
      <FloatMenu panels={panels} open={current} narrow={narrow} onToggle={(p) => setOpen((o) => (o === p ? null : p))}
        extra={(inMenu, closeMenu) => [
          <FavouritesEntry key="favourites" inMenu={inMenu} closeMenu={closeMenu} />,
          <BookingEntry key="booking" buildingId={tour.objectId} inMenu={inMenu} closeMenu={closeMenu} open={open === 'booking'} onToggle={() => setOpen((o) => (o === 'booking' ? null : 'booking'))} />,
          <ProfileEntry key="profile" inMenu={inMenu} open={profileOpen} closeMenu={closeMenu} onToggle={() => setOpen((o) => (o === 'profile' ? null : 'profile'))} />,
        ]}
      />
      {current === 'info' && <InfoPanel tour={tour} showContact={tour.showContactInfo && query.allows.contactInfo} groupId={query.group} onClose={close} />}
      {current === 'floorplan' && <FloorPlanPanel tour={tour} index={index} onSelect={onSelectPanorama} onClose={close} />}
      {current === 'location' && <LocationPanel latitude={tour.geoLatitude!} longitude={tour.geoLongitude!} onClose={close} />}
      {current === 'share' && <SharePanel title={localText(tour.nameMulti, i18n.language, tour.name)} vm={share} onClose={close} />}
      {profileOpen && <ProfilePanelSlot onClose={close} />}
      {open === 'booking' && <BookingPanelSlot buildingId={tour.objectId} onClose={close} />}
      {music && <MusicPlayer src={music} volume={tour.musicVolume} />}
      <CookieBanner />
    </>
  );
}

/** Read at each render: the viewer re-renders the panels when the visitor moves, and the address moves with them. */
function useShareViewModel(): ShareViewModel {
  const { t } = useTranslation('panels');
  const href = location.href;
  return useMemo(() => shareViewModel(href, { qr: t('share.qr'), link: t('share.link') }), [href, t]);
}

/** Offers this tour's panels in VR (src/features/xr/registry.ts): same view models, uikit views. */
function useInWorldPanels(tour: Tour, share: ShareViewModel | null) {
  const { t, i18n } = useTranslation('panels');
  const lang = i18n.language;
  const info = useMemo(() => infoViewModel(tour, lang, { credits: t('info.credits') }), [tour, lang, t]);
  useXRPanel({ id: 'info', order: 10, icon: ICONS.info, title: t('info.title'), vm: info, View: XRInfoPanel });
  useXRPanel(share ? { id: 'share', order: 60, icon: ICONS.share, title: t('share.title'), vm: share, View: XRSharePanel } : null);
}
