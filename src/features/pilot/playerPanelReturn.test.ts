import { afterEach, describe, expect, it } from 'vitest';
import type { Marker } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/state/cameraStore.ts';
import { closeXRPanel, openXRPanel, registerXRPanel, xrPanelsSnapshot } from '../xr/registry.ts';
import { PILOT_XR_PANEL, withPlayerPanelReturn } from './playerPanelReturn.ts';

const View = () => null;
const panel = (id: string) => registerXRPanel({ id, order: 1, icon: '', title: id, vm: null, View });
const marker = { objectId: 'm1' } as Marker;

/** The host's rule: a scene panel (an opened marker) closes the menu panel. */
function viewer() {
  const opened: Array<Marker | null> = [];
  return {
    opened,
    onOpenMarker: (m: Marker | null) => {
      opened.push(m);
      if (m) closeXRPanel();
    },
  };
}

describe('the player panel in VR while the route opens markers', () => {
  const offs: Array<() => void> = [];
  afterEach(() => {
    offs.splice(0).forEach((off) => off());
    closeXRPanel();
    cameraState.xrActive = false;
  });

  it('comes back when the route closes the marker that replaced it', () => {
    offs.push(panel(PILOT_XR_PANEL));
    cameraState.xrActive = true;
    openXRPanel(PILOT_XR_PANEL);
    const v = viewer();
    const open = withPlayerPanelReturn(v.onOpenMarker);
    open(marker);
    expect(xrPanelsSnapshot().openId).toBeNull();
    open(null);
    expect(v.opened).toEqual([marker, null]);
    expect(xrPanelsSnapshot().openId).toBe(PILOT_XR_PANEL);
  });

  it('leaves a panel the wearer opened meanwhile, and does nothing on flat screens', () => {
    offs.push(panel(PILOT_XR_PANEL), panel('info'));
    cameraState.xrActive = true;
    openXRPanel(PILOT_XR_PANEL);
    const open = withPlayerPanelReturn(viewer().onOpenMarker);
    open(marker);
    openXRPanel('info');
    open(null);
    expect(xrPanelsSnapshot().openId).toBe('info');

    closeXRPanel();
    cameraState.xrActive = false;
    const flat = withPlayerPanelReturn(viewer().onOpenMarker);
    flat(marker);
    flat(null);
    expect(xrPanelsSnapshot().openId).toBeNull();
  });
});
