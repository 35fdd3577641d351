import type { ReactNode } from 'react';
import type { Marker, Tour } from '../../../protocol/tour.ts';
import { exitVR } from '../../../scene/index.ts';
import type { XRPanelLabels } from '../../markers/xr/panelModel.ts';
import { XRMarkerPanel } from '../../markers/xr/XRMarkerPanel.tsx';
import { XRPanelHost } from './XRPanelHost.tsx';

export interface XRViewerOverlayProps {
  tour: Tour;
  lang: string;
  /** The marker the wearer opened (pointing at it), or null. */
  marker: Marker | null;
  markerLabels: XRPanelLabels;
  exitLabel: string;
  onCloseMarker: () => void;
  /** More in-world content for the opened marker's panel (the viewer's retailer part), `width` wide. */
  markerExtra?: (marker: Marker, width: number) => ReactNode;
}

/**
 * What the viewer shows in-world during a VR session: the panel host (menu, Exit VR, every registered panel) and
 * the opened marker's panel. The entry of the lazily loaded in-world chunk (@react-three/uikit and the kit).
 */
export function XRViewerOverlay({ tour, lang, marker, markerLabels, exitLabel, onCloseMarker, markerExtra }: XRViewerOverlayProps) {
  return (
    <XRPanelHost
      lang={lang}
      exitLabel={exitLabel}
      onExit={() => void exitVR()}
      onMenuPanelOpened={onCloseMarker}
      scenePanel={marker ? (
        <XRMarkerPanel marker={marker} tour={tour} lang={lang} labels={markerLabels} onClose={onCloseMarker} extra={markerExtra && ((width) => markerExtra(marker, width))} />
      ) : null}
    />
  );
}
