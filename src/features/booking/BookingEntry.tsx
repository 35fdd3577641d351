import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from '../../state/store.ts';
import { cameraState } from '../../scene/index.ts';
import { useBookingOffered } from './useBookingOffered.ts';

// The calendar itself (form, Intl grouping) loads only when the visitor opens it.
const BookingPanel = lazy(() => import('./BookingPanel.tsx'));
// Its in-world twin's entry loads only inside a VR session (and its uikit view only when the panel opens).
const XRBookingEntry = lazy(() => import('./XRBookingEntry.tsx'));

interface Props {
  buildingId: string;
  inMenu: boolean;
  closeMenu: () => void;
  open: boolean;
  onToggle: () => void;
}

/** The float menu's "Book a time" button, shown only when the tour has guides; it opens the calendar panel. */
export function BookingEntry(props: Props) {
  return (
    <Suspense fallback={null}>
      <Entry {...props} />
    </Suspense>
  );
}

function Entry({ buildingId, inMenu, closeMenu, open, onToggle }: Props) {
  const { t } = useTranslation('booking');
  if (!useBookingOffered(buildingId)) return null;
  const label = t('calendar.open');
  return (
    <button
        type="button" className={inMenu ? 'atrium-mobile-menu__item' : undefined} aria-pressed={open} aria-label={inMenu ? undefined : label}
        title={inMenu ? undefined : label} data-testid="open-booking"
        onClick={() => {
          closeMenu();
          onToggle();
        }}
      >
        <CalendarIcon />
        {inMenu && <span>{label}</span>}
    </button>
  );
}

/** The calendar panel, beside the other panels (not inside the menu, which closes on a phone). */
export function BookingPanelSlot({ buildingId, onClose }: { buildingId: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <BookingPanel buildingId={buildingId} onClose={onClose} />
    </Suspense>
  );
}

/** Offers the calendar in VR (menu slot 72) during a session, when the tour has guides. */
export function BookingXRSlot({ buildingId }: { buildingId: string }) {
  const offered = useBookingOffered(buildingId);
  const { xrActive } = useSnapshot(cameraState);
  if (!offered || !xrActive) return null;
  return (
    <Suspense fallback={null}>
      <XRBookingEntry buildingId={buildingId} />
    </Suspense>
  );
}

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
