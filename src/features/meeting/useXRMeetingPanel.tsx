import { lazy, type MutableRefObject, useEffect, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { cameraState } from '../../scene/index.ts';
import { useSnapshot } from '../../state/store.ts';
import { failureText } from './MeetingEntry.tsx';
import type { MeetingController } from './meetingController.ts';
import { meetingState } from './meetingStore.ts';
import type { MeetingVM } from './meetingViewModel.ts';
import { xrMeetingViewModel } from './xrMeetingModel.ts';
import type { XRMeetingPanelVM } from './xr/XRMeetingPanel.tsx';
import type { XRMeetingNoticeVM } from './xr/XRMeetingNotice.tsx';
import { ICONS } from '../xr/kit/icons.ts';
import { openXRPanel, useXRPanel, type XRPanelViewProps } from '../xr/registry.ts';

// The uikit views load only when the panel is opened inside a headset.
const XRMeetingPanel = lazy(() => import('./xr/XRMeetingPanel.tsx'));
const XRMeetingNotice = lazy(() => import('./xr/XRMeetingNotice.tsx'));

/** What the meeting's one menu entry shows: the meeting while in it, or the notice of one that is over. */
type XRMeetingEntryVM = { kind: 'meeting'; vm: XRMeetingPanelVM } | { kind: 'notice'; vm: XRMeetingNoticeVM };

/** The entry's view: picks the meeting's panel or its notice, each still its own lazy chunk. */
function XRMeetingView({ vm: entry, ...view }: XRPanelViewProps<XRMeetingEntryVM>) {
  return entry.kind === 'meeting' ? <XRMeetingPanel vm={entry.vm} {...view} /> : <XRMeetingNotice vm={entry.vm} {...view} />;
}

interface Options {
  vm: MeetingVM;
  controller: MeetingController | null;
  /** The meeting ended, was left, removed the visitor or could not start. */
  finished: boolean;
  retryable: boolean;
  t: TFunction<'meeting'>;
  /** The wearer left or ended this meeting from the in-world panel (reset at each join). */
  endedHere: MutableRefObject<boolean>;
  /** Open the in-world panel once the handed-over meeting has one (it registers only when in the meeting). */
  openInWorld: MutableRefObject<boolean>;
  /** The notice's buttons: refs, so they act with MeetingLayer's latest render, as the page's buttons do. */
  retry: MutableRefObject<() => void>;
  close: MutableRefObject<() => void>;
}

/**
 * The meeting's in-world twin (menu slot 80): one registry entry under the id 'meeting', whose view is the meeting's
 * panel while in it and, while a session presents, the notice of a meeting that ended or could not start (the page's
 * own notice is behind the headset). Returns whether the meeting's panel (not the notice) is offered.
 */
export function useXRMeetingPanel({ vm, controller, finished, retryable, t, endedHere, openInWorld, retry, close }: Options): boolean {
  const snap = useSnapshot(meetingState);
  // Rebuilt when what it shows changes, not on every co-navigation tick.
  const vmKey = JSON.stringify(vm);
  const xrVm = useMemo((): XRMeetingPanelVM | null => {
    if (!controller || !vm.inMeeting) return null;
    return {
      ...xrMeetingViewModel(vm, meetingState.streams, t),
      act: {
        toggleMic: () => controller.setMicrophone(!meetingState.audio),
        toggleCamera: () => controller.setCamera(!meetingState.video),
        follow: () => {
          meetingState.following = true;
        },
        leave: () => {
          endedHere.current = true;
          void controller.leave();
        },
      },
    };
    // vmKey stands for vm (a new object each render); streamVersion for the streams.
  }, [vmKey, snap.streamVersion, controller, t]);
  const { xrActive } = useSnapshot(cameraState);
  // Not when the wearer left (or, as host, ended it) from the in-world panel: they need no notice to close.
  const noticeText = finished && snap.phase !== 'left' && !endedHere.current ? failureText(t, snap.phase, snap.problem, snap.endReason) : null;
  const noticeVm = useMemo((): XRMeetingNoticeVM | null => noticeText === null || !xrActive ? null : {
    text: noticeText,
    retry: retryable ? t('action.join-again') : null,
    close: t('action.close'),
    act: { retry: () => retry.current(), close: () => close.current() },
  }, [noticeText, retryable, xrActive, t]);
  // In a meeting and over are exclusive; a switch between them re-registers the one entry in place (an open panel
  // stays open, now with the notice).
  const notice = xrVm ? null : noticeVm;
  const entryVm = useMemo((): XRMeetingEntryVM | null => (xrVm ? { kind: 'meeting', vm: xrVm } : notice ? { kind: 'notice', vm: notice } : null), [xrVm, notice]);
  useXRPanel(entryVm ? { id: 'meeting', icon: ICONS.videocam, title: t('panel.title'), vm: entryVm, View: XRMeetingView } : null);
  // After useXRPanel's effect (declared above), so the panel is registered when it is opened: a handed-over meeting
  // opens in the world once joined, or its notice when joining failed.
  useEffect(() => {
    if (!entryVm || !openInWorld.current) return;
    openInWorld.current = false;
    if (cameraState.xrActive) openXRPanel('meeting');
  }, [entryVm]);
  // A meeting that ends (or fails, or removes them) while the wearer is in the world says so at once, whether its
  // panel was open or not.
  const wasFinished = useRef(finished);
  useEffect(() => {
    const now = Boolean(noticeVm);
    if (now && !wasFinished.current && cameraState.xrActive) openXRPanel('meeting');
    wasFinished.current = finished;
  }, [noticeVm, finished]);
  return xrVm !== null;
}
