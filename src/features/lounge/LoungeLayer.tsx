import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isConnected, type LoungeSort, type MeetingInvite } from '../../protocol/lounge.ts';
import { requestDirectChat } from '../chat/directChat.ts';
import type { Tour } from '../../protocol/tour.ts';
import { LoungePanel, runAction } from './LoungePanel.tsx';
import { useLoungeClient, useLoungeState, useLoungeToken } from './loungeSession.ts';
import type { LoungeClient } from './model/loungeClient.ts';
import { loungeViewModel, type LoungeUi } from './model/loungeViewModel.ts';
import { nextSort, xrLoungeModel } from './model/xrLoungeModel.ts';
import type { LoungeAction } from './model/loungeViewModel.ts';
import { useXRPanel, useXRPanels } from '../xr/registry.ts';
import { useMarkSeen } from './useMarkSeen.ts';
import { useAvatarsShown, useLoungeAvatars } from './useLoungeAvatars.ts';
import type { AvatarSource } from '../../scene/index.ts';
import type { XRLoungePanelVM } from './xr/XRLoungePanel.tsx';
import './lounge.css';

// The uikit view loads only when the panel is opened inside a headset.
const XRLoungePanel = lazy(() => import('./xr/XRLoungePanel.tsx'));
// Direct conversations with connections go through the chat box; on a tour without instant messaging the lounge
// mounts the chat layer itself, for direct conversations only.
const ChatLayer = lazy(() => import('../chat/ChatLayer.tsx').then((m) => ({ default: m.ChatLayer })));

/** The people icon (Material Icons "people", Apache License 2.0), in the DOM button and the in-world menu. */
const PEOPLE_PATH = 'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z';

export interface LoungeLayerProps {
  tour: Tour;
  groupId: string | null;
  panoramaId: string | null;
  /** The heads of the people in this panorama, for the scene to draw (null while there is no lounge connection). */
  onAvatars?: (source: AvatarSource | null) => void;
}

/** The VR lounge on flat screens: a button with who is here, and the panel (people, invitations, ticket sign-in). */
export function LoungeLayer(props: LoungeLayerProps) {
  // The 'lounge' catalog loads lazily: nothing shows until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Lounge {...props} />
    </Suspense>
  );
}

function Lounge({ tour, groupId, panoramaId, onAvatars }: LoungeLayerProps) {
  const { t, i18n } = useTranslation('lounge');
  const token = useLoungeToken();
  const [version, setVersion] = useState(0);
  const client = useLoungeClient({ tourId: tour.objectId, groupId }, token, panoramaId, version);
  const snapshot = useLoungeState(client);
  const [avatarsShown, setAvatarsShown] = useAvatarsShown();
  const avatars = useLoungeAvatars(client, snapshot, panoramaId, avatarsShown);
  useEffect(() => {
    onAvatars?.(avatars);
    return () => onAvatars?.(null);
  }, [avatars, onAvatars]);
  const [open, setOpen] = useState(false);
  const [ui, setUi] = useState<LoungeUi>({ tab: 'online', sort: 'name-asc' as LoungeSort, query: '' });
  const vm = useMemo(() => loungeViewModel(snapshot, ui, t, i18n.language, true), [snapshot, ui, t, i18n.language]);
  const button = useRef<HTMLButtonElement>(null);
  const signedIn = token !== null;
  const connected = [...snapshot.relations.values()].some((r) => isConnected(r.state) && !r.blocked);
  const ownChat = signedIn && connected && !tour.instantMessagingEnable;
  const here = signedIn && vm.status === 'joined' ? vm.counts.online : null;

  // The in-world twin (menu slot 82): the same view model, a page at a time; the ticket form needs the flat screen.
  const [xrPage, setXrPage] = useState(0);
  const xrData = xrLoungeModel(vm, xrPage, t, avatarsShown);
  const xrKey = JSON.stringify(xrData);
  // The rows are read when a button is pressed, not when the action is made: an action that changed with every list
  // would give the in-world panel a new view model on every render, and each one re-registers the panel (a render loop
  // that starves the headset's frames).
  const rows = useRef(vm.rows);
  useEffect(() => { rows.current = vm.rows; });
  const run = useCallback((userId: string, action: Exclude<LoungeAction, 'chat'>) => {
    const row = rows.current.find((r) => r.userId === userId);
    if (!client || !row) return;
    const work = action === 'invite' ? client.invite(userId, '') : action === 'meet' ? meet(client, userId) : runAction(client, row, action);
    work.catch(() => {});
  }, [client]);
  const xrVm = useMemo((): XRLoungePanelVM | null => (signedIn && client ? {
    ...xrData,
    act: {
      sort: () => setUi((u) => ({ ...u, sort: nextSort(u.sort) })),
      toggleAvatars: () => setAvatarsShown(!avatarsShown),
      tab: (tab) => { setUi((u) => ({ ...u, tab })); setXrPage(0); },
      page: setXrPage,
      run,
    },
  } : null), [xrKey, signedIn, client, run, avatarsShown, setAvatarsShown]); // xrKey stands for xrData
  useXRPanel(xrVm ? { id: 'lounge', icon: PEOPLE_PATH, title: t('lounge.title'), vm: xrVm, View: XRLoungePanel } : null);

  // Shown to the receiver (flat panel or in-world one): the sender's state becomes "wait to be confirmed" (section 4).
  const xrOpen = useXRPanels().openId === 'lounge';
  useMarkSeen(client, vm.rows, open || xrOpen);

  const close = () => {
    // Closed because another panel opened (state/panelTurn.ts): that panel keeps the focus.
    const focusInPanel = document.activeElement?.closest('[data-testid="lounge-panel"]');
    setOpen(false);
    if (focusInPanel) button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="atrium-lounge-button"
        aria-expanded={open}
        aria-label={vm.pending > 0 ? t('lounge.open-pending', { n: vm.pending }) : t('lounge.open')}
        onClick={() => setOpen((o) => !o)}
        data-testid="lounge-button"
        data-online={here ?? ''}
        data-pending={vm.pending}
      >
        <PeopleIcon />
        {here !== null && here > 0 && <span className="atrium-lounge__count" aria-hidden="true">{here}</span>}
        {vm.pending > 0 && <span className="atrium-lounge__badge" aria-hidden="true" data-testid="lounge-pending">{vm.pending}</span>}
      </button>
      {open && (
        <LoungePanel
          vm={vm}
          client={client}
          signedIn={signedIn}
          place={{ tourId: tour.objectId, groupId }}
          onUi={(next) => setUi((u) => ({ ...u, ...next }))}
          avatarsShown={avatarsShown}
          onAvatarsShown={setAvatarsShown}
          onTicket={() => setVersion((v) => v + 1)}
          onChat={(userId) => {
            setOpen(false);
            requestDirectChat(userId);
          }}
          onMeet={(userId) => meet(client!, userId)}
          onClose={close}
        />
      )}
      {ownChat && <ChatLayer tour={tour} directOnly />}
      {snapshot.meetingInvite && client && <MeetingInviteNotice invite={snapshot.meetingInvite} onDismiss={() => client.dismissMeetingInvite()} />}
    </>
  );
}

/**
 * The meetings feature opens a meeting from the page's address (?meeting=ID, &host=1 for its host), so both people go
 * to their link: the lounge reconnects within its grace period and nobody sees them leave.
 */
async function meet(client: LoungeClient, userId: string): Promise<void> {
  const { hostPath } = await client.startMeeting(userId);
  location.assign(hostPath);
}

/** A connection started a video meeting with me: join it, or not now. */
function MeetingInviteNotice({ invite, onDismiss }: { invite: MeetingInvite; onDismiss: () => void }) {
  const { t } = useTranslation('lounge');
  return (
    <div className="atrium-lounge__meet-invite" role="alertdialog" aria-label={t('lounge.meet-invited', { name: invite.from.name })} data-testid="lounge-meet-invite">
      <p>{t('lounge.meet-invited', { name: invite.from.name })}</p>
      <div className="atrium-lounge__actions">
        <button type="button" onClick={() => location.assign(invite.guestPath)} data-testid="lounge-meet-join">{t('lounge.meet-join')}</button>
        <button type="button" className="is-quiet" onClick={onDismiss}>{t('lounge.meet-dismiss')}</button>
      </div>
    </div>
  );
}

function PeopleIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d={PEOPLE_PATH} />
    </svg>
  );
}
