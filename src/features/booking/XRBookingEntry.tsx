import { lazy, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel, useXRPanels } from '../xr/registry.ts';
import { useBookingCalendar } from './useBookingCalendar.ts';
import type { XRBookingPanelVM } from './xr/XRBookingPanel.tsx';

// The uikit view loads only when the calendar is opened inside a VR session.
const XRBookingPanel = lazy(() => import('./xr/XRBookingPanel.tsx'));

/**
 * Offers the booking calendar in VR (menu slot 72) while a session runs and the tour has guides: the same state and
 * view model as the DOM panel. The free times load only while the in-world panel is open.
 */
export default function XRBookingEntry({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation('booking');
  const open = useXRPanels().openId === 'booking';
  const { vm, act } = useBookingCalendar(buildingId, open);
  // The DOM panel starts afresh each time it opens; the in-world one stays mounted, so a done booking is let go on close.
  const booked = vm.phase === 'done';
  useEffect(() => {
    if (!open && booked) act.restart();
  }, [open, booked, act]);
  const xrVm = useMemo<XRBookingPanelVM>(() => ({ ...vm, act }), [vm, act]);
  // "Book a time with a guide" takes three or four lines under a menu icon in a dozen languages; the button's own label is short.
  useXRPanel({ id: 'booking', icon: ICONS.event, title: vm.title, menuLabel: t('calendar.open'), vm: xrVm, View: XRBookingPanel });
  return null;
}
