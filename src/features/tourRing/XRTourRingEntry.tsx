import { lazy, useMemo } from 'react';
import type { TourRingInfo } from '../../protocol/tourRing.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { openXRPanel, useXRPanel } from '../xr/registry.ts';
import type { CallVM } from './model/callViewModel.ts';
import { useCallbackForm } from './model/useCallbackForm.ts';
import { useCallPanel, type CallActions } from './model/useCallPanel.ts';
import type { XRCallPanelVM } from './xr/XRCallPanel.tsx';

// The uikit view loads only when the dialog is opened inside a VR session.
const XRCallPanel = lazy(() => import('./xr/XRCallPanel.tsx'));

/**
 * Offers "call a guide" in VR (menu slot 74) during a session: the same call state and view models as the DOM
 * dialog. An answered call enters the guide's meeting in this page, the session going on (TourRingButton's
 * joinMeeting), and the in-world meeting panel opens; until then this panel says the visitor is being taken there.
 */
export function XRTourRingEntry({ info, onJoin }: { info: TourRingInfo; onJoin: (path: string, name: string) => void }) {
  const { vm, act } = useCallPanel(info, onJoin);
  // The call-back form starts afresh, on the language chosen by then, each time it is opened (as the DOM form mounts).
  return <Registration key={vm.callbackOpen ? 'callback' : 'call'} info={info} vm={vm} act={act} />;
}

function Registration({ info, vm, act }: { info: TourRingInfo; vm: CallVM; act: CallActions }) {
  const callback = useCallbackForm(info, vm.languages.find((l) => l.selected)?.code ?? '');
  const xrVm = useMemo<XRCallPanelVM>(() => ({
    ...vm,
    act: { ...act, openCalendar: () => openXRPanel('booking') },
    callbackForm: callback.vm,
    callbackAct: callback.act,
  }), [vm, act, callback.vm, callback.act]);
  useXRPanel({ id: 'call', icon: ICONS.phone, title: vm.title, vm: xrVm, View: XRCallPanel });
  return null;
}
