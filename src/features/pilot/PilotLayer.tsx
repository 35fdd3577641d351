import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PILOT_QUERY, type Recording } from '../../protocol/pilot.ts';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { usePanelTurn } from '../../state/panelTurn.ts';
import { useSnapshot } from '../../state/store.ts';
import { useSession } from '../account/session.ts';
import { consentStorage } from '../panels/consent.ts';
import { chooseAction, drivesViewer, shouldShowTooltip } from './model/playerMachine.ts';
import { playerViewModel, type Translate } from './model/playerViewModel.ts';
import { deleteRecording, listRecordings, pilotAvailability, updateRecording } from './pilotApi.ts';
import { PilotList } from './PilotList.tsx';
import { PilotPlayer } from './PilotPlayer.tsx';
import { pilotUi } from './pilotUi.ts';
import { RecorderCard } from './RecorderCard.tsx';
import { usePilotDrive } from './usePilotDrive.ts';
import { usePilotPlayer } from './usePilotPlayer.ts';
import { PILOT_XR_PANEL, withPlayerPanelReturn } from './playerPanelReturn.ts';
import { useRouteMarkerPreload } from './useRouteMarkerPreload.ts';
import { useTakeRecorder } from './useTakeRecorder.ts';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';
import type { XRPilotPanelVM } from './xr/XRPilotPanel.tsx';
import './pilot.css';

// The uikit view loads only when the panel is opened inside a headset.
const XRPilotPanel = lazy(() => import('./xr/XRPilotPanel.tsx'));

export { PilotButton } from './PilotButton.tsx';

export interface PilotLayerProps {
  tour: Tour;
  index: number;
  onSelectPanorama: (index: number) => void;
  openMarker: Marker | null;
  onOpenMarker: (marker: Marker | null) => void;
}

const TOOLTIP_KEY = 'atrium.pilot.tooltip';

const closeList = () => {
  pilotUi.panelOpen = false;
};

/** Guided tours in the viewer (lazy chunk): the pilot list, the player driving the view, and the pilots' recorder. */
export function PilotLayer(props: PilotLayerProps) {
  // The 'pilot' catalog loads lazily: nothing shows until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Pilots {...props} />
    </Suspense>
  );
}

function Pilots({ tour, index, onSelectPanorama, openMarker, onOpenMarker }: PilotLayerProps) {
  const { t, i18n } = useTranslation('pilot');
  const session = useSession();
  const ui = useSnapshot(pilotUi);
  const [availability, setAvailability] = useState<{ canRecord: boolean; limitMs: number } | null>(null);
  const [recordings, setRecordings] = useState<Recording[]>([]);
  const [restartOffer, setRestartOffer] = useState(false);
  // Another guided tour chosen while one is under way: asked before it replaces it.
  const [switchTo, setSwitchTo] = useState<Recording | null>(null);
  const [tooltip, setTooltip] = useState(false);
  const [made, setMade] = useState<Recording | null>(null);
  const [actionFailed, setActionFailed] = useState(false);
  const player = usePilotPlayer();
  // The list takes its turn among the viewer's panels: opening it closes the profile (or any) panel, and the other way.
  usePanelTurn(ui.panelOpen, closeList);
  const buildingId = tour.objectId;
  const userId = session.user?.id;

  const refresh = useCallback(() => listRecordings(buildingId).then(setRecordings, () => setRecordings([])), [buildingId]);
  useEffect(() => {
    let live = true;
    void refresh();
    pilotAvailability(buildingId).then((a) => live && setAvailability(a), () => live && setAvailability(null));
    return () => {
      live = false;
    };
  }, [buildingId, userId, refresh]);
  useEffect(() => {
    pilotUi.offered = recordings.length > 0 || Boolean(availability?.canRecord) || player.loaded !== null;
  }, [recordings.length, availability?.canRecord, player.loaded]);
  useEffect(() => () => {
    Object.assign(pilotUi, { offered: false, panelOpen: false });
  }, []);

  // A shared link (?pilot=ID) opens the player on that recording, waiting for play (browsers block sound until a gesture).
  const { load } = player;
  useEffect(() => {
    const id = new URLSearchParams(location.search).get(PILOT_QUERY);
    if (id) void load(id, false);
  }, [load]);

  // The tooltip explaining the player shows once per visitor, the first time a recording is loaded.
  const loadedId = player.loaded?.objectId ?? null;
  useEffect(() => {
    if (loadedId && shouldShowTooltip(consentStorage.getItem(TOOLTIP_KEY))) setTooltip(true);
  }, [loadedId]);
  const dismissTooltip = () => {
    consentStorage.setItem(TOOLTIP_KEY, '1');
    setTooltip(false);
  };

  useRouteMarkerPreload(player.loaded?.route ?? null);
  const openRouteMarker = useMemo(() => withPlayerPanelReturn(onOpenMarker), [onOpenMarker]);
  usePilotDrive({
    route: player.loaded?.route ?? null, driving: drivesViewer(player.state), clock: player.clock, tour, index, onSelectPanorama, onOpenMarker: openRouteMarker,
  });

  const choose = (recording: Recording) => {
    setRestartOffer(false);
    setSwitchTo(null);
    const action = chooseAction(player.state, { recordingId: recording.objectId, buildingId: recording.buildingId }, buildingId);
    if (action === 'offer-restart') return setRestartOffer(true);
    if (action === 'confirm-switch') return setSwitchTo(recording);
    void load(recording.objectId, true);
  };

  const manage = async (act: () => Promise<unknown>) => {
    setActionFailed(false);
    try {
      await act();
      await refresh();
    } catch {
      setActionFailed(true);
    }
  };

  const defaults = useMemo(() => ({ title: tour.nameMulti[i18n.language] ?? tour.name, language: i18n.language }), [tour, i18n.language]);
  const recorderOn = Boolean(availability?.canRecord);

  const vm = player.loaded
    ? playerViewModel(player.state, player.loaded, t as unknown as Translate, { toggle: player.toggle, seek: player.seek, setSelfBrowsing: player.setSelfBrowsing, close: player.close })
    : null;

  // The in-world twin (menu slot 84): the same view model, rebuilt when what it shows changes (the clock by the second;
  // vm itself is a new object every render, and every new object would register the panel again).
  const second = Math.floor(player.state.positionMs / 1000);
  const { phase, selfBrowsing, buffering } = player.state;
  const xrVm = useMemo<XRPilotPanelVM | null>(
    () => (vm ? { ...vm, guide: { left: (d) => t('vr.guide-left', { degrees: d }), right: (d) => t('vr.guide-right', { degrees: d }), ahead: t('vr.guide-ahead') } } : null),
    [player.loaded, second, phase, selfBrowsing, buffering, t],
  );
  useXRPanel(xrVm ? { id: PILOT_XR_PANEL, icon: ICONS.play, title: t('list.title'), vm: xrVm, View: XRPilotPanel } : null);

  return (
    <>
      <audio ref={player.audioRef} preload="auto" data-testid="pilot-audio" {...player.audioEvents} />
      {ui.panelOpen && (
        <section className="atrium-pilot" role="dialog" aria-label={t('list.title')} data-testid="pilot-panel" onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') closeList();
        }}>
          <header className="atrium-pilot__header">
            <h2>{t('list.title')}</h2>
            <button type="button" aria-label={t('list.close')} title={t('list.close')} onClick={closeList}>×</button>
          </header>
          {restartOffer && (
            <div className="atrium-pilot__restart" role="alertdialog" data-testid="pilot-restart-offer">
              <p>{t('restart.question')}</p>
              <button type="button" className="is-primary" data-testid="pilot-restart" onClick={() => { setRestartOffer(false); player.restart(); }}>{t('restart.yes')}</button>
              <button type="button" data-testid="pilot-continue" onClick={() => { setRestartOffer(false); player.play(); }}>{t('restart.no')}</button>
            </div>
          )}
          {switchTo && (
            <div className="atrium-pilot__restart" role="alertdialog" aria-describedby="atrium-pilot-switch" data-testid="pilot-switch-offer">
              <p id="atrium-pilot-switch">{t('switch.question', { current: player.loaded?.title ?? '', title: switchTo.title })}</p>
              {/* Focus goes to the answer: a keyboard user chose in the list and answers here. */}
              <button type="button" className="is-primary" autoFocus data-testid="pilot-switch" onClick={() => {
                setSwitchTo(null);
                void load(switchTo.objectId, true);
              }}>{t('switch.yes')}</button>
              <button type="button" data-testid="pilot-switch-stay" onClick={() => setSwitchTo(null)}>{t('switch.no')}</button>
            </div>
          )}
          {player.failed && <p className="atrium-pilot__error" role="alert">{t('error.load')}</p>}
          {actionFailed && <p className="atrium-pilot__error" role="alert">{t('error.action')}</p>}
          <PilotList tour={tour} recordings={recordings} playingId={player.loaded?.objectId ?? null} onChoose={choose}
            onPublish={(r, published) => void manage(() => updateRecording(r.objectId, { published }))}
            onDelete={(r) => {
              if (window.confirm(t('list.delete-confirm', { title: r.title }))) void manage(() => deleteRecording(r.objectId));
            }} />
        </section>
      )}
      {recorderOn && availability && (
        <Recorder key={`${buildingId}:${userId ?? ''}`} tour={tour} index={index} openMarker={openMarker} limitMs={availability.limitMs} defaults={defaults} made={made}
          panelOpen={ui.panelOpen}
          onUploaded={(r) => {
            setMade(r);
            void refresh();
          }}
          onPublishMade={() => made && void manage(async () => setMade(await updateRecording(made.objectId, { published: true })))} />
      )}
      {vm && <PilotPlayer vm={vm} />}
      {vm && tooltip && (
        <div className="atrium-pilot-tooltip" role="note" data-testid="pilot-tooltip">
          <p>{t('tooltip.text')}</p>
          <button type="button" data-testid="pilot-tooltip-ok" onClick={dismissTooltip}>{t('tooltip.ok')}</button>
        </div>
      )}
    </>
  );
}

interface RecorderProps {
  tour: Tour;
  index: number;
  openMarker: Marker | null;
  limitMs: number;
  defaults: { title: string; language: string };
  made: Recording | null;
  onUploaded: (recording: Recording) => void;
  onPublishMade: () => void;
  panelOpen: boolean;
}

/**
 * Mounted for pilots whether or not the list is open: a take goes on while the pilot walks with the list closed, and
 * the record control then stays on screen (with its stop button) until the take is safely uploaded.
 */
function Recorder({ tour, index, openMarker, limitMs, defaults, made, onUploaded, onPublishMade, panelOpen }: RecorderProps) {
  const recorder = useTakeRecorder({ tour, index, openMarker, limitMs, defaults, onUploaded });
  const busy = recorder.state.phase !== 'idle' && recorder.state.phase !== 'complete' && !(recorder.state.phase === 'failed' && recorder.state.elapsedMs === 0);
  if (!panelOpen && !busy) return null;
  return <RecorderCard recorder={recorder} defaults={defaults} made={made} onPublishMade={onPublishMade} />;
}
