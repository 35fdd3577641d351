// A marker the guide opened stays open for a few seconds of the walk. The flat-screen marker panel is a lazy chunk
// with a lazy catalog: fetched only when the route opens the first marker, they can take longer than that on a slow
// device, and the visitor would never see the panel. Loaded with the recording instead.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PilotRoute } from '../../protocol/pilot.ts';

export function useRouteMarkerPreload(route: PilotRoute | null): void {
  const { i18n } = useTranslation('pilot');
  const opensMarkers = Boolean(route?.markers.some((m) => m.markerId !== null));
  useEffect(() => {
    if (!opensMarkers) return;
    // Failures are harmless here: the viewer loads both again when a marker opens.
    import('../markers/MarkerPanel.tsx').catch(() => undefined);
    i18n.loadNamespaces('markers').catch(() => undefined);
  }, [opensMarkers, i18n]);
}
