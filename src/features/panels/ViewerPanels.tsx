import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import type { ViewerQuery } from '../../protocol/viewerQuery.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { FloatMenu } from './FloatMenu.tsx';
import { FloorPlanPanel } from './FloorPlanPanel.tsx';
import { BuildingInfoPanel } from './BuildingInfoPanel.tsx';
import { InfoPanel } from './InfoPanel.tsx';
import { LocationPanel } from './LocationPanel.tsx';
import { localText } from './localText.ts';
import { MusicPlayer } from './MusicPlayer.tsx';
import { OwnerInfoPanel } from './OwnerInfoPanel.tsx';
import type { PanelId } from './panelIds.ts';
import { PromotionBar } from './PromotionBar.tsx';
import { SharePanel } from './SharePanel.tsx';
import { ThemePanel } from '../theme/ThemePanel.tsx';
import { useNarrowScreen } from './useNarrowScreen.ts';
import { ProfileEntry } from '../account/ProfileEntry.tsx';
import { FavouritesEntry } from '../favourites/FavouritesEntry.tsx';
import { BookingEntry, BookingPanelSlot, BookingXRSlot } from '../booking/BookingEntry.tsx';
import { ProfilePanelSlot } from '../account/ProfilePanelSlot.tsx';
import { useProfileAutoOpen } from '../account/useProfileAutoOpen.ts';
import { usePanelModels } from './usePanelModels.ts';
import { anyPanelOpen, usePanelTurn } from '../../state/panelTurn.ts';
import { PROFILE_PANEL } from '../account/profilePanelId.ts';
import './panels.css';

export interface ViewerPanelsProps {
  tour: Tour;
  query: ViewerQuery;
  /** 0-based index of the panorama on screen. */
  index: number;
  onSelectPanorama: (index: number) => void;
}

/** Which panels this tour and address offer, in menu order. */
export function availablePanels(tour: Tour, query: ViewerQuery): PanelId[] {
  const panels: PanelId[] = ['info', 'building'];
  if (tour.showContactInfo && query.allows.contactInfo) panels.push('owner');
  if (tour.floorplan && tour.panoramas.some((p) => p.position)) panels.push('floorplan');
  if (tour.mapEnable && tour.geoLatitude != null && tour.geoLongitude != null) panels.push('location');
  if (query.allows.share) panels.push('share');
  // The owner's setting: visitors may pick another colour theme.
  if (tour.ownerSettings.themePicker) panels.push('theme');
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
  const { t, i18n } = useTranslation('panels');
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
  const vm = usePanelModels({ tour, panels, open: current, index, onSelectPanorama, groupId: query.group });
  return (
    <>
      {tour.ownerSettings.showPromotionHeader && <PromotionBar />}
      <FloatMenu panels={panels} open={current} narrow={narrow} onToggle={(p) => setOpen((o) => (o === p ? null : p))}
        extra={(inMenu, closeMenu) => [
          <FavouritesEntry key="favourites" inMenu={inMenu} closeMenu={closeMenu} />,
          <BookingEntry key="booking" buildingId={tour.objectId} inMenu={inMenu} closeMenu={closeMenu} open={open === 'booking'} onToggle={() => setOpen((o) => (o === 'booking' ? null : 'booking'))} />,
          <ProfileEntry key="profile" inMenu={inMenu} open={profileOpen} closeMenu={closeMenu} onToggle={() => setOpen((o) => (o === 'profile' ? null : 'profile'))} />,
        ]}
      />
      {current === 'info' && <InfoPanel title={t('info.title')} vm={vm.info} onClose={close} />}
      {current === 'building' && <BuildingInfoPanel title={t('building.title')} vm={vm.building} onClose={close} />}
      {current === 'owner' && <OwnerInfoPanel title={t('owner.title')} vm={vm.owner} onClose={close} />}
      {current === 'floorplan' && <FloorPlanPanel vm={vm.floorplan} onClose={close} />}
      {current === 'location' && <LocationPanel latitude={tour.geoLatitude!} longitude={tour.geoLongitude!} onClose={close} />}
      {current === 'theme' && <ThemePanel title={t('theme.title')} vm={vm.theme} onClose={close} />}
      {current === 'share' && <SharePanel title={localText(tour.nameMulti, i18n.language, tour.name)} vm={vm.share} onClose={close} />}
      {profileOpen && <ProfilePanelSlot onClose={close} />}
      {open === 'booking' && <BookingPanelSlot buildingId={tour.objectId} onClose={close} />}
      <BookingXRSlot buildingId={tour.objectId} />
      {music && <MusicPlayer src={music} volume={tour.musicVolume} />}
      <CookieBanner />
    </>
  );
}
