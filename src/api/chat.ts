import {
  GUEST_TOKEN_HEADER,
  type ChatImage, type Conversation, type ConversationsAnswer, type FaqAnswerBody, type FaqList, type GuestAnswer, type GuestBody,
  type MessagesAnswer, type OpenConversationBody, type ChatMessage,
} from '../protocol/chat.ts';
import { currentIdentity, HttpError, identityHeaders, NetworkError, request } from './httpClient.ts';

/** Instant messaging's HTTP calls (spec section 7). A guest's calls carry its token; a signed-in user's their identity. */
let guestToken: string | null = null;
export const setChatGuestToken = (token: string | null): void => {
  guestToken = token;
};
const guestHeaders = (): Record<string, string> => (!currentIdentity() && guestToken ? { [GUEST_TOKEN_HEADER]: guestToken } : {});

export const conversationsCall = (isVisitor: boolean, query: { status?: string; q?: string } = {}) =>
  request<ConversationsAnswer>(`/v2/messages/conversations?${new URLSearchParams({ isVisitor: String(isVisitor), ...query })}`, { headers: guestHeaders() });

export const openConversationCall = (body: OpenConversationBody) =>
  request<Conversation>('/v2/messages/conversations', { method: 'POST', body, headers: guestHeaders() });

export const messagesCall = (conversationId: string, query: { after?: number; before?: number; limit?: number }) =>
  request<MessagesAnswer>(`/v2/messages/conversations/${encodeURIComponent(conversationId)}/messages?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { headers: guestHeaders() });

export const readCall = (conversationId: string, seq: number) =>
  request<unknown>(`/v2/messages/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST', body: { seq }, headers: guestHeaders() });

export const statusCall = (conversationId: string, status: 'open' | 'done') =>
  request<Conversation>(`/v2/messages/conversations/${encodeURIComponent(conversationId)}/status`, { method: 'POST', body: { status } });

export const faqListCall = (buildingId: string) => request<FaqList>(`/v2/messages/FAQ?buildingId=${encodeURIComponent(buildingId)}`);

export const faqAnswerCall = (body: FaqAnswerBody) =>
  request<{ question: ChatMessage; answer: ChatMessage }>('/v2/messages/FAQ', { method: 'POST', body, headers: guestHeaders() });

export const createGuestCall = (body: GuestBody) => request<GuestAnswer>('/v2/messages/guests', { method: 'POST', body });

/** The image's own bytes as the body (the server reads what they are). */
export async function uploadChatImageCall(file: Blob): Promise<ChatImage> {
  let res: Response;
  try {
    res = await fetch('/v2/messages/images', {
      method: 'POST',
      headers: { 'content-type': file.type.startsWith('image/') ? file.type : 'application/octet-stream', ...identityHeaders(), ...guestHeaders() },
      body: file,
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  const body = (await res.json().catch(() => null)) as ChatImage | { code: string; message: string } | null;
  if (!res.ok) throw new HttpError(res.status, body as { code: string; message: string } | null);
  return body as ChatImage;
}
