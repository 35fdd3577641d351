// The page's one chat connection, made for whoever is chatting (a signed-in user, or a guest of this browser), and
// what the person keeps on this device (consent permitting): their guest identity, unsent messages and drafts.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { conversationsCall, messagesCall, readCall, setChatGuestToken } from '../../api/chat.ts';
import { currentIdentity } from '../../api/httpClient.ts';
import type { ChatImage } from '../../protocol/chat.ts';
import { consentStorage } from '../panels/consent.ts';
import { ChatClient, type ChatState } from './model/chatClient.ts';
import type { PendingMessage } from './model/outbox.ts';

const GUEST_KEY = 'atrium.chat.guest';
const OUTBOX_KEY = 'atrium.chat.outbox';
const DRAFTS_KEY = 'atrium.chat.drafts';

export interface ChatGuest {
  token: string;
  guestId: string;
  name: string;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(consentStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

export function keptGuest(): ChatGuest | null {
  const guest = readJson<ChatGuest | null>(GUEST_KEY, null);
  setChatGuestToken(guest?.token ?? null);
  return guest;
}

export function keepGuest(guest: ChatGuest): void {
  consentStorage.setItem(GUEST_KEY, JSON.stringify(guest));
  setChatGuestToken(guest.token);
}

/** What is typed in each conversation's box and not yet sent: closing the box or reloading keeps it. */
export const drafts = {
  get: (conversationId: string): string => readJson<Record<string, string>>(DRAFTS_KEY, {})[conversationId] ?? '',
  set(conversationId: string, text: string): void {
    const all = readJson<Record<string, string>>(DRAFTS_KEY, {});
    if (text) all[conversationId] = text;
    else delete all[conversationId];
    consentStorage.setItem(DRAFTS_KEY, JSON.stringify(all));
  },
};

/** The organiser inbox's filter, read at every refresh of the list. */
export interface InboxQuery {
  status: 'open' | 'done' | 'all';
  q: string;
}

/** "user:<id>" or "guest:<id>": how the server names this person. */
export function myPartyKey(): string | null {
  const identity = currentIdentity();
  if (identity) return `user:${identity.userId}`;
  const guest = keptGuest();
  return guest ? `guest:${guest.guestId}` : null;
}

/**
 * A ChatClient for the person on this page while `active`; closed when they change (sign-in, sign-out) or the
 * component goes. Null when nobody can chat yet (no session and no guest identity).
 */
export function useChatClient(inbox: { current: InboxQuery } | null, active: boolean, identityVersion: unknown): ChatClient | null {
  const [client, setClient] = useState<ChatClient | null>(null);
  const organiser = inbox !== null;
  useEffect(() => {
    if (!active) return;
    const identity = currentIdentity();
    const guest = identity ? null : keptGuest();
    if (!identity && !guest) return;
    const made = new ChatClient({
      auth: identity ? { sessionToken: identity.token } : { guestToken: guest!.token },
      api: {
        conversations: async () => (inbox
          ? await conversationsCall(false, { status: inbox.current.status, ...(inbox.current.q ? { q: inbox.current.q } : {}) })
          : await conversationsCall(true)).conversations,
        messages: messagesCall,
        read: readCall,
      },
      keep: {
        load: () => readJson<PendingMessage[]>(OUTBOX_KEY, []),
        save: (pending) => consentStorage.setItem(OUTBOX_KEY, JSON.stringify(pending)),
      },
    });
    setClient(made);
    return () => {
      made.close();
      setClient(null);
    };
    // The inbox ref is read at each refresh; only who is chatting and where make a new connection.
  }, [active, organiser, identityVersion]);
  return client;
}

const idleState: ChatState = { connected: false, conversations: [], timelines: {}, outbox: [], viewing: { openId: null, boxShown: false }, olderFailed: {} };
const noop = () => () => {};

export function useChatState(client: ChatClient | null): ChatState {
  return useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? (() => idleState));
}

export type { ChatImage };
