import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDialogFocus } from '../panels/useDialogFocus.ts';
import { useTranslation } from 'react-i18next';
import { openConversationCall } from '../../api/chat.ts';
import type { Tour } from '../../protocol/tour.ts';
import { useSession } from '../account/session.ts';
import { requiresGate } from '../gate/requiresGate.ts';
import { ChatBox } from './box/ChatBox.tsx';
import { GuestForm } from './box/GuestForm.tsx';
import { keptGuest, myPartyKey, useChatClient, useChatState } from './chatSession.ts';
import { chatBoxModel } from './model/chatViewModel.ts';
import { titleWithUnread } from './model/conversationList.ts';
import '../gate/gate.css';
import './chat.css';
import { ChatBubbleIcon } from './box/ChatIcons.tsx';
import { askFaq, useFaqList } from './faq.ts';
import { takeDirectChat, useDirectChatRequest } from './directChat.ts';
import { xrChatModel } from './model/xrChatModel.ts';
import { pageEarlier, type XRChatPlace } from './model/xrChatPaging.ts';
import type { XRChatPanelVM } from './xr/XRChatPanel.tsx';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';

// The uikit view loads only when the panel is opened inside a headset.
const XRChatPanel = lazy(() => import('./xr/XRChatPanel.tsx'));

/** Instant messaging in the viewer, for tours with instantMessagingEnable: the chat button and the chat box. */
export function ChatLayer({ tour, directOnly = false }: { tour: Tour; directOnly?: boolean }) {
  // The 'chat' catalog loads lazily: nothing shows until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Chat tour={tour} directOnly={directOnly} />
    </Suspense>
  );
}

/** A flip when no value is given, as the spec's toggles do. */
const toggle = (set: (f: (v: boolean) => boolean) => void) => (value?: boolean) => set((v) => value ?? !v);

/**
 * `directOnly`: a tour without instant messaging, mounted by the lounge for its connections' direct conversations
 * (there is no organiser conversation to open).
 */
function Chat({ tour, directOnly }: { tour: Tour; directOnly: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const session = useSession();
  const [guestVersion, setGuestVersion] = useState(0);
  const hasGuest = guestVersion >= 0 && keptGuest() !== null;
  const canChat = Boolean(session.user) || hasGuest;
  const client = useChatClient(null, canChat, `${session.user?.id ?? ''}:${guestVersion}`);
  const state = useChatState(client);
  const model = chatBoxModel(state, myPartyKey());
  const [boxOpen, setBoxOpen] = useState(false);
  const [faqOpen, setFaqOpen] = useState(true);
  const [listOpen, setListOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // Unread counts in the tab title too, so a visitor on another tab sees the organiser answered.
  const baseTitle = useRef(document.title);
  useEffect(() => {
    document.title = titleWithUnread(baseTitle.current, model.unreadTotal);
  }, [model.unreadTotal]);
  useEffect(() => () => { document.title = baseTitle.current; }, []);

  useEffect(() => {
    client?.showBox(boxOpen);
  }, [client, boxOpen]);
  // Opening the box opens (or makes) this tour's conversation with its organiser.
  const openId = state.viewing.openId;
  // Another feature (the lounge) asked for a direct conversation: open the box on it.
  const direct = useDirectChatRequest();
  // While it is being opened, the organiser's conversation must not be opened in its place.
  const [openingDirect, setOpeningDirect] = useState(false);
  useEffect(() => {
    if (!direct || !client) return;
    takeDirectChat(direct);
    setOpeningDirect(true);
    setBoxOpen(true);
    setFailed(false);
    openConversationCall({ userId: direct.userId }).then(
      (line) => {
        client.addConversation(line);
        return client.select(line.conversationId);
      },
      () => setFailed(true),
    ).finally(() => setOpeningDirect(false));
  }, [direct, client]);
  useEffect(() => {
    if (!boxOpen || !client || openId || directOnly || openingDirect) return;
    let live = true;
    setFailed(false);
    openConversationCall({ buildingId: tour.objectId }).then(
      (line) => {
        if (!live) return;
        client.addConversation(line);
        void client.select(line.conversationId);
      },
      () => live && setFailed(true),
    );
    return () => { live = false; };
  }, [boxOpen, client, openId, tour.objectId, directOnly, openingDirect]);

  // A tour without organiser chat has direct conversations only: opening the box opens the newest one with news
  // (else the newest), rather than an empty box.
  useEffect(() => {
    if (!boxOpen || !client || openId || !directOnly || openingDirect) return;
    const first = state.conversations.find((c) => c.unread > 0) ?? state.conversations[0];
    if (first) void client.select(first.conversationId);
  }, [boxOpen, client, openId, directOnly, openingDirect, state.conversations]);

  // The in-world twin, for anyone who can chat (introducing oneself as a guest needs the flat screen's form).
  const [xrFailed, setXrFailed] = useState(false);
  const faq = useFaqList(tour.objectId, canChat);
  const openConversation = model.open?.id ?? null;
  // The page the wearer reads, of the conversation it was chosen in (another conversation opens at its newest).
  const [xrPage, setXrPage] = useState<{ conversationId: string; place: XRChatPlace } | null>(null);
  const xrPlace = xrPage && xrPage.conversationId === openConversation ? xrPage.place : null;
  const xrData = xrChatModel(model, faq, t, i18n.language, xrFailed, xrPlace);
  const xrKey = JSON.stringify(xrData);
  const showInWorld = useCallback((visible: boolean) => {
    setBoxOpen(visible);
    // The panel opens on the newest messages, as the flat box scrolls to them.
    if (visible) setXrPage(null);
  }, []);
  const xrVm = useMemo((): XRChatPanelVM | null => (canChat && client ? {
    ...xrData,
    act: {
      shown: showInWorld,
      askFaq: (entry) => {
        if (!openConversation) return;
        setXrFailed(false);
        setXrPage(null);
        askFaq(client, openConversation, entry, i18n.language).catch(() => setXrFailed(true));
      },
      // The same outbox as the flat box's Composer: kept until stored, shown as sending meanwhile.
      send: (body) => {
        if (!openConversation) return;
        // What one writes shows where it goes: the newest page.
        setXrPage(null);
        client.send(openConversation, body);
      },
      earlier: () => {
        if (!openConversation) return;
        void pageEarlier(client, openConversation, xrPlace, myPartyKey()).then((place) => setXrPage({ conversationId: openConversation, place }));
      },
      newest: () => setXrPage(null),
    },
  } : null), [xrKey, xrPlace, canChat, client, openConversation, showInWorld, i18n.language]); // xrKey stands for xrData
  useXRPanel(xrVm ? { id: 'chat', icon: ICONS.chat, title: t('chat.title'), vm: xrVm, View: XRChatPanel } : null);

  const close = () => {
    setBoxOpen(false);
    button.current?.focus();
  };
  const unread = model.unreadTotal;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="atrium-chat-button"
        aria-expanded={boxOpen}
        aria-label={unread > 0 ? t('chat.open-unread', { n: unread }) : t('chat.open')}
        onClick={() => toggle(setBoxOpen)()}
        data-testid="chat-button"
        data-unread={unread}
      >
        <ChatBubbleIcon />
        {unread > 0 && <span className="atrium-chat__badge" aria-hidden="true" data-testid="chat-button-badge">{unread > 99 ? '99+' : unread}</span>}
      </button>
      {boxOpen && !canChat && (
        <GuestDialog onClose={close}>
          {requiresGate(tour)
            ? <p className="atrium-chat__empty">{t('chat.gate-needed')}</p>
            : <GuestForm buildingId={tour.objectId} onReady={() => setGuestVersion((v) => v + 1)} />}
        </GuestDialog>
      )}
      {boxOpen && canChat && client && (
        <>
          {failed && <p className="atrium-chat__error atrium-chat__toast" role="alert">{t('chat.failed')}</p>}
          <ChatBox
            client={client}
            model={model}
            buildingId={tour.objectId}
            faqOpen={faqOpen}
            onToggleFaq={toggle(setFaqOpen)}
            listOpen={listOpen}
            onToggleList={toggle(setListOpen)}
            onClose={close}
          />
        </>
      )}
    </>
  );
}

/** The box before anyone can chat: who the visitor is (focus moves in, Escape closes). */
function GuestDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('chat');
  const box = useDialogFocus<HTMLDivElement>();
  return (
    <div ref={box} tabIndex={-1} className="atrium-chat is-guest" role="dialog" aria-label={t('chat.title')} data-testid="chat-box"
      onKeyDown={(e) => { e.stopPropagation(); if (e.key === 'Escape') onClose(); }}>
      <header className="atrium-chat__header">
        <h2>{t('chat.title')}</h2>
        <button type="button" className="atrium-chat__close" aria-label={t('chat.close')} onClick={onClose}>✕</button>
      </header>
      {children}
    </div>
  );
}
