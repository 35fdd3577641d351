import { type ReactNode, Suspense, useEffect } from 'react';
import { FollowingGroup } from '../kit/FollowingGroup.tsx';
import { PanelFrame } from '../kit/PanelFrame.tsx';
import { PANEL_DISTANCE, PANEL_ELEVATION_DEG, PANEL_FOLLOW } from '../kit/placement.ts';
import { xrDiagnostics } from '../kit/xrTargets.ts';
import { closeXRPanel, openXRPanel, useXRPanels } from '../registry.ts';
import { XRMenu } from './XRMenu.tsx';

export interface XRPanelHostProps {
  lang: string;
  /** "Exit VR" in the visitor's language. */
  exitLabel: string;
  onExit: () => void;
  /** A panel opened from the scene rather than the menu (an opened marker); it and menu panels take turns. */
  scenePanel?: ReactNode;
  /** The wearer opened a menu panel: close the scene panel. */
  onMenuPanelOpened?: () => void;
}

/**
 * Everything in-world that is not the panorama: the menu (one entry per registered panel, then Exit VR), the open
 * menu panel in its frame, and a scene panel (the opened marker). One panel at a time, as on flat screens.
 * Rendered inside the XR session only (the viewer passes it as the scene's xrOverlay).
 */
export function XRPanelHost({ lang, exitLabel, onExit, scenePanel = null, onMenuPanelOpened }: XRPanelHostProps) {
  const { panels, openId } = useXRPanels();
  const open = panels.find((p) => p.id === openId) ?? null;
  const hasScenePanel = scenePanel !== null && scenePanel !== false;

  // A marker chosen in the scene replaces the menu panel.
  useEffect(() => {
    if (hasScenePanel) closeXRPanel();
  }, [hasScenePanel]);
  // Leaving VR leaves no panel open for the next session.
  useEffect(() => () => closeXRPanel(), []);
  useEffect(() => {
    const diagnostics = xrDiagnostics();
    diagnostics.openPanel = open?.id ?? null;
    diagnostics.menu = panels.map((p) => p.id);
  }, [open, panels]);
  useEffect(() => () => {
    const diagnostics = xrDiagnostics();
    diagnostics.openPanel = null;
    diagnostics.menu = [];
  }, []);

  const toggle = (id: string) => {
    if (id === openId) return closeXRPanel();
    openXRPanel(id);
    onMenuPanelOpened?.();
  };

  return (
    <>
      <XRMenu panels={panels} openId={open?.id ?? null} lang={lang} exitLabel={exitLabel} onToggle={toggle} onExit={onExit} />
      {open && (
        <FollowingGroup distance={PANEL_DISTANCE} elevationDeg={PANEL_ELEVATION_DEG} follow={PANEL_FOLLOW} band="panel" placementKey={open.id} name={`xr-panel:${open.id}`}>
          <PanelFrame title={open.title} lang={lang} width={open.width} icon={open.icon} onClose={closeXRPanel} closeTarget="panel:close" cardTarget="panel:card">
            <Suspense fallback={null}>{open.render({ lang, width: open.width, close: closeXRPanel })}</Suspense>
          </PanelFrame>
        </FollowingGroup>
      )}
      {hasScenePanel && <Suspense fallback={null}>{scenePanel}</Suspense>}
    </>
  );
}
