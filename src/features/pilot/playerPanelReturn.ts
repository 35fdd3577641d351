// In a headset one panel shows at a time (features/xr/host/XRPanelHost.tsx): a marker the route opens replaces the
// player's panel. Without this the wearer would lose the player for the rest of the walk the first time the guide
// opened a marker; with it the player comes back as soon as the route closes that marker again.
import type { Marker } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/index.ts';
import { openXRPanel, xrPanelsSnapshot } from '../xr/registry.ts';

/** The player's in-world panel id (its menu entry is `menu:pilot`). */
export const PILOT_XR_PANEL = 'pilot';

/**
 * Wraps the viewer's onOpenMarker for the route: in VR, a marker that replaced the open player panel gives the place
 * back when the route closes it, unless the wearer has opened another panel meanwhile (theirs to keep).
 */
export function withPlayerPanelReturn(onOpenMarker: (marker: Marker | null) => void): (marker: Marker | null) => void {
  let replacedPlayer = false;
  return (marker) => {
    const openId = xrPanelsSnapshot().openId;
    if (!cameraState.xrActive) replacedPlayer = false;
    else if (marker && openId === PILOT_XR_PANEL) replacedPlayer = true;
    onOpenMarker(marker);
    if (!marker && replacedPlayer && cameraState.xrActive) {
      replacedPlayer = false;
      if (openId === null) openXRPanel(PILOT_XR_PANEL);
    }
  };
}
