// Which page of a conversation the headset's chat panel shows. The flat box holds every message the client has and
// scrolls; a panel of at most 700 mm shows XR_CHAT_MESSAGES at a time, so the wearer pages back through the same
// ChatBoxModel and, once the messages held run out, through the same server paging as the flat box's
// "Earlier messages" (ChatClient.loadOlder). Pure but for that one call.
import type { ChatClient } from './chatClient.ts';
import { chatBoxModel, type MessageItem } from './chatViewModel.ts';

/**
 * What fits a panel of at most 700 mm, frame, paging buttons, a notice and the field included: three messages of two
 * lines each (../xr/xrChatLayout.ts adds it up).
 */
export const XR_CHAT_MESSAGES = 3;

/**
 * Where the wearer reads: null for the newest messages, else the key of the oldest message shown. A key rather than
 * a page number: a message arriving, or an older page loading, leaves an earlier page where it was.
 */
export type XRChatPlace = string | null;

/** The messages shown from `place`, as [start, end): always a full page when there are enough; the newest page when the place is null or gone. */
export function xrChatWindow(messages: readonly MessageItem[], place: XRChatPlace): { start: number; end: number; newest: boolean } {
  const newestStart = Math.max(0, messages.length - XR_CHAT_MESSAGES);
  const at = place === null ? -1 : messages.findIndex((m) => m.key === place);
  const start = at < 0 ? newestStart : Math.min(at, newestStart);
  return { start, end: Math.min(messages.length, start + XR_CHAT_MESSAGES), newest: start === newestStart };
}

/** The place one page before `place`, as far back as `messages` reach. */
export function earlierPlace(messages: readonly MessageItem[], place: XRChatPlace): XRChatPlace {
  const { start } = xrChatWindow(messages, place);
  const first = messages[start];
  return first ? messages[Math.max(0, start - XR_CHAT_MESSAGES)]!.key : null;
}

/**
 * Pages back from `place` in the open conversation: when fewer than a page of messages is held before it and the
 * server has older ones, their previous page is fetched first (a failure leaves the oldest held shown; pressing
 * again tries again). Answers the new place.
 */
export async function pageEarlier(
  client: Pick<ChatClient, 'getState' | 'loadOlder'>, conversationId: string, place: XRChatPlace, myKey: string | null,
): Promise<XRChatPlace> {
  const before = chatBoxModel(client.getState(), myKey);
  const { start } = xrChatWindow(before.messages, place);
  const anchor = before.messages[start]?.key ?? null;
  if (start < XR_CHAT_MESSAGES && before.hasOlder) await client.loadOlder(conversationId);
  // The oldest message shown is where the page was; the messages held may now reach further back.
  return earlierPlace(chatBoxModel(client.getState(), myKey).messages, anchor);
}
