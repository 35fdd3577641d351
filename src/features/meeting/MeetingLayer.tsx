import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMeetingId, meetingFromSearch, type Meeting } from '../../protocol/meeting.ts';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/index.ts';
import { useSnapshot } from '../../state/store.ts';
import { restoreSession, useSession } from '../account/session.ts';
import { consentStorage } from '../panels/consent.ts';
import { deviceId } from '../social/deviceMemory.ts';
import { createMeeting, meetingAvailability, publicMeeting } from './meetingApi.ts';
import { MeetingController, problemOf } from './meetingController.ts';
import { failureText, MeetingNotice, PreJoin } from './MeetingEntry.tsx';
import { joinName } from './joinName.ts';
import { meetingHandoff, takeMeetingHandoff } from './meetingHandoff.ts';
import { MeetingMenu } from './MeetingMenu.tsx';
import { MeetingPanel } from './MeetingPanel.tsx';
import { meetingState, resetMeetingState, type MeetingProblem } from './meetingStore.ts';
import { meetingUi } from './meetingUi.ts';
import { meetingViewModel } from './meetingViewModel.ts';
import { supportsMeetings } from './mediaSession.ts';
import { recallRejoin } from './rejoinMemory.ts';
import { useCoNavigation } from './useCoNavigation.ts';
import { useNow } from './useNow.ts';
import { useXRMeetingPanel } from './useXRMeetingPanel.tsx';
import { openXRPanel } from '../xr/registry.ts';
import './meeting.css';

export { MeetingButton } from './MeetingMenu.tsx';

export interface MeetingLayerProps {
  tour: Tour;
  index: number;
  onSelectPanorama: (index: number) => void;
  openMarker: Marker | null;
  onOpenMarker: (marker: Marker | null) => void;
  navigate: (path: string) => void;
}

const NAME_KEY = 'atrium.meeting.name';

/** Live meetings in the viewer: the menu, the guest link's pre-join, the panel, and co-navigation (lazy chunk). */
export function MeetingLayer(props: MeetingLayerProps) {
  // The 'meeting' catalog loads lazily: nothing shows until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Meetings {...props} />
    </Suspense>
  );
}

function Meetings({ tour, index, onSelectPanorama, openMarker, onOpenMarker, navigate }: MeetingLayerProps) {
  const { t } = useTranslation('meeting');
  const session = useSession();
  const ui = useSnapshot(meetingUi);
  const snap = useSnapshot(meetingState);
  const [link, setLink] = useState(() => meetingFromSearch(location.search));
  const [preview, setPreview] = useState<Meeting | null>(null);
  const [controller, setController] = useState<MeetingController | null>(null);
  const started = useRef(false);
  const handoff = useSnapshot(meetingHandoff).request;
  /** A handed-over meeting is entered with this name, without the pre-join card (see meetingHandoff.ts). */
  const direct = useRef<{ meetingId: string; name: string } | null>(null);
  /**
   * The meeting being entered straight away (handed over, Join again in the world, back in after a reload): its
   * pre-join card must not show, not even while the link is checked. The page says it is joining instead.
   */
  const [straightIn, setStraightIn] = useState<string | null>(null);
  /** Open the in-world panel once the handed-over meeting has one (it registers only when in the meeting). */
  const openInWorld = useRef(false);
  /** The wearer left or ended this meeting from the in-world panel (reset at each join). */
  const endedHere = useRef(false);
  const retryRef = useRef(() => {});
  const closeRef = useRef(() => {});

  useEffect(() => {
    let live = true;
    meetingAvailability(tour.objectId).then(
      (a) => live && (meetingUi.availability = a),
      () => live && (meetingUi.availability = { enabled: false, canHost: false }),
    );
    return () => {
      live = false;
    };
  }, [tour.objectId, session.user?.id]);

  const fail = (problem: MeetingProblem): void => {
    Object.assign(meetingState, { phase: 'failed', problem });
  };

  const join = useCallback((meetingId: string, name: string) => {
    consentStorage.setItem(NAME_KEY, name);
    endedHere.current = false;
    const made = new MeetingController(tour.objectId, meetingId, deviceId());
    setController(made);
    void made.start(name);
  }, [tour.objectId]);

  // A meeting link (?meeting=ID): check it, then the pre-join card (or straight back in after a reload).
  useEffect(() => {
    if (!link || started.current) return;
    started.current = true;
    if (!isMeetingId(link.meetingId)) return fail('invalid-id');
    if (!supportsMeetings()) return fail('unsupported');
    meetingState.phase = 'prejoin';
    void (async () => {
      try {
        const user = await restoreSession();
        if (link.host && !user) return fail('sign-in-to-host');
        const found = await publicMeeting(link.meetingId);
        if (found.buildingId !== tour.objectId) return fail('other-tour');
        if (found.state === 'ended') return fail('ended');
        const kept = recallRejoin(link.meetingId);
        const remembered = consentStorage.getItem(NAME_KEY);
        const handed = direct.current?.meetingId === link.meetingId ? direct.current : null;
        direct.current = null;
        const name = kept && remembered ? remembered : handed?.name;
        // In the same render as the preview (React batches both): the card never shows for a direct entry.
        if (name) setStraightIn(link.meetingId);
        setPreview(found);
        meetingState.meeting = found;
        if (name) join(link.meetingId, name);
      } catch (error) {
        fail(problemOf(error));
      }
    })();
  }, [link, tour.objectId, join]);

  useEffect(() => () => controller?.dispose(), [controller]);
  useCoNavigation({ controller, tour, index, onSelectPanorama, openMarker, onOpenMarker });

  const names = useMemo(() => new Map(tour.panoramas.map((p) => [p.objectId, p.name])), [tour]);
  const now = useNow(snap.phase === 'reconnecting' || Boolean(snap.meeting?.hostAwayDeadline));
  const vm = meetingViewModel(snap as typeof meetingState, (id) => names.get(id) ?? null, now);
  // Tell the tour ring which meeting this page is in (its call panel says the call became this meeting).
  const current = vm.inMeeting && link ? link.meetingId : null;
  useEffect(() => {
    meetingHandoff.current = current;
  }, [current]);
  useEffect(() => () => {
    meetingHandoff.current = null;
  }, []);
  const finished = snap.phase === 'ended' || snap.phase === 'left' || snap.phase === 'kicked' || snap.phase === 'failed';
  const retryable = isRetryable(snap.problem);
  const inWorldPanel = useXRMeetingPanel({ vm, controller, finished, retryable, t, endedHere, openInWorld, retry: retryRef, close: closeRef });

  // A meeting handed over by another feature (the tour ring's answered call in VR): switch to it in this page, as
  // the menu's code does, and enter at once with the name the visitor gave (the call's, else the one they used in
  // a meeting before, else their account's display name, else the catalog's name for a guest).
  useEffect(() => {
    const request = handoff && takeMeetingHandoff();
    if (!request) return;
    const target = new URL(request.path, location.origin);
    const wanted = meetingFromSearch(target.search);
    if (!wanted || target.pathname !== location.pathname) return navigate(request.path);
    const entering = !['idle', 'prejoin', 'ended', 'left', 'kicked', 'failed'].includes(meetingState.phase);
    if (link?.meetingId === wanted.meetingId && entering) {
      // Already in (or entering) this meeting: the call's Join button only brings its panel back.
      if (cameraState.xrActive && inWorldPanel) openXRPanel('meeting');
      else openInWorld.current = cameraState.xrActive;
      return;
    }
    openInWorld.current = cameraState.xrActive;
    const params = new URLSearchParams(location.search);
    params.set('meeting', wanted.meetingId);
    params.delete('host');
    history.replaceState(history.state, '', `${location.pathname}?${params}`);
    meetingUi.menuOpen = false;
    setController(null);
    resetMeetingState();
    direct.current = { meetingId: wanted.meetingId, name: joinName({ called: request.name, remembered: consentStorage.getItem(NAME_KEY), account: session.user }, t('name.guest')) };
    setStraightIn(wanted.meetingId);
    started.current = false;
    setLink({ meetingId: wanted.meetingId, host: false });
  }, [handoff]);
  // The card's name field starts as the in-world join enters (joinName.ts). The host's own link starts with the name
  // the meeting shows for them (their display name, as a call named them): the card waits for the checked meeting
  // (below) so that this name is known when its field is filled.
  const defaultName = joinName({ remembered: consentStorage.getItem(NAME_KEY), hostName: link?.host ? preview?.hostName : null, account: session.user }, '');
  const checked = preview && link && preview.objectId === link.meetingId ? preview : null;
  const quiet = link !== null && straightIn === link.meetingId;

  const startNow = async () => {
    try {
      const meeting = await createMeeting(tour.objectId, {});
      history.replaceState(history.state, '', `${location.pathname}?meeting=${encodeURIComponent(meeting.objectId)}&host=1`);
      meetingUi.menuOpen = false;
      started.current = true;
      setLink({ meetingId: meeting.objectId, host: true });
      setPreview(meeting);
      join(meeting.objectId, defaultName || meeting.hostName || 'Host');
    } catch (error) {
      fail(problemOf(error));
    }
  };
  const close = () => {
    controller?.dispose();
    setController(null);
    resetMeetingState();
    setLink(null);
    setStraightIn(null);
    started.current = false;
    const params = new URLSearchParams(location.search);
    params.delete('meeting');
    params.delete('host');
    history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
  };

  const retry = () => {
    // In the world the page's pre-join card cannot be seen: go straight back in with the name last used, and show the
    // meeting's panel again once joined.
    const name = consentStorage.getItem(NAME_KEY);
    const straight = cameraState.xrActive && link && name ? link : null;
    if (straight && name) {
      direct.current = { meetingId: straight.meetingId, name };
      openInWorld.current = true;
    }
    setStraightIn(straight?.meetingId ?? null);
    started.current = false;
    resetMeetingState();
    setLink(link ? { ...link } : null);
  };
  // The in-world notice's buttons act with this render's state, as the page's do.
  retryRef.current = retry;
  closeRef.current = close;

  const guestLink = snap.meeting ? `${location.origin}${location.pathname}?meeting=${encodeURIComponent(snap.meeting.objectId)}` : null;
  return (
    <>
      {ui.menuOpen && ui.availability?.enabled && (snap.phase === 'idle' || finished) && (
        <MeetingMenu canHost={ui.availability.canHost} onStartNow={startNow} navigate={(path) => {
          const target = new URL(path, location.origin);
          if (target.pathname !== location.pathname) return navigate(path);
          history.replaceState(history.state, '', path);
          resetMeetingState();
          setStraightIn(null);
          started.current = false;
          setLink(meetingFromSearch(target.search));
        }} />
      )}
      {snap.phase === 'prejoin' && link && checked && !quiet && (
        <PreJoin key={link.meetingId} meeting={checked} host={link.host} defaultName={defaultName} onJoin={(name) => join(link.meetingId, name)} onCancel={close} />
      )}
      {(snap.phase === 'joining' || (snap.phase === 'prejoin' && quiet)) && <div className="atrium-meeting-card" role="status" data-testid="meeting-joining">{t('state.joining')}</div>}
      {vm.inMeeting && controller && <MeetingPanel vm={vm} controller={controller} guestLink={guestLink} />}
      {finished && (
        <MeetingNotice
          text={failureText(t, snap.phase, snap.problem, snap.endReason)}
          testId={`meeting-${snap.phase}`}
          link={snap.problem === 'unsupported' ? location.href : undefined}
          signInPath={snap.problem === 'sign-in-to-host' ? `/login?next=${encodeURIComponent(location.pathname + location.search)}` : undefined}
          onRetry={retryable ? retry : undefined}
          onClose={close}
        />
      )}
    </>
  );
}

/** Problems that trying again may cure: the connection, or an error the server did not explain. */
function isRetryable(problem: MeetingProblem | null): boolean {
  return problem === 'connection-failed' || problem === 'disconnected' || problem === 'unable';
}
