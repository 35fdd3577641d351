import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingApi } from './bookingApi.ts';

// The calendar itself (form, Intl grouping) loads only when the visitor opens it.
const BookingPanel = lazy(() => import('./BookingPanel.tsx'));

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
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    // One small question after the first view: does any guide work for this tour? (Languages come with the answer.)
    bookingApi.slots(buildingId, { days: 1 }).then((a) => live && setOffered(a.languages.length > 0), () => {});
    return () => {
      live = false;
    };
  }, [buildingId]);
  if (!offered) return null;
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

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
