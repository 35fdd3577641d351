// The chat box in the headset, as data: the same ChatBoxModel as the DOM box, cut to what a wearer can read at
// once, with its sentences already translated (the uikit view has no i18n of its own). The wearer types with the
// headset's keyboard (the xr kit's text field) or asks one of the FAQ questions without one.
import type { TFunction } from 'i18next';
import { CHAT_TEXT_MAX_CHARACTERS, localText, type FaqList } from '../../../protocol/chat.ts';
import type { ChatBoxModel } from './chatViewModel.ts';
import { XR_CHAT_MESSAGES, xrChatWindow, type XRChatPlace } from './xrChatPaging.ts';

export { XR_CHAT_MESSAGES };

export interface XRChatMessage {
  key: string;
  mine: boolean;
  author: string;
  text: string;
  /** Sending, not sent or refused: said under the message; null once stored. */
  status: string | null;
}

export interface XRChatVM {
  heading: string;
  offline: string | null;
  empty: string | null;
  messages: XRChatMessage[];
  /** The label of the button to the page before, while older messages than those shown exist (held or on the server). */
  earlier: string | null;
  /** The label of the button back to the newest messages, while an earlier page is shown. */
  newest: string | null;
  /**
   * The earlier messages could not be fetched: what the flat box says too (ChatBoxModel.olderFailed), and the label
   * of the button that tries again, in place of Earlier messages.
   */
  olderFailed: { message: string; retry: string } | null;
  /** The label of the button that shows the FAQ questions in place of the messages. */
  faqToggle: string;
  faq: Array<{ id: string; index: number; question: string }>;
  failed: string | null;
  /** The field and its Send button, once a conversation is open to write into. */
  composer: { label: string; placeholder: string; send: string; tooLong: string } | null;
}

/** FAQ questions shown as buttons. */
export const XR_CHAT_FAQ = 4;

/** `place`: the page the wearer reads (xrChatPaging.ts), the newest by default. */
export function xrChatModel(
  model: ChatBoxModel, faq: FaqList | null, t: TFunction<'chat'>, lang: string, failed: boolean, place: XRChatPlace = null,
): XRChatVM {
  const page = xrChatWindow(model.messages, place);
  const shown = model.messages.slice(page.start, page.end);
  const isTour = model.open?.line.kind !== 'direct';
  return {
    heading: model.open?.caseName ?? t('chat.title'),
    offline: model.connected ? null : t('chat.offline'),
    empty: model.messages.length === 0 ? t('chat.empty') : null,
    messages: shown.map((m) => ({
      key: m.key,
      mine: m.mine,
      author: m.mine ? t('chat.you') : m.kind === 'faq-answer' ? t('chat.faq-answer-label') : (m.author ?? t('chat.organiser')),
      text: m.image ? `${t('chat.type-image')}${m.text ? `: ${m.text}` : ''}` : m.text,
      status: m.status === 'sending' ? t('chat.sending') : m.status === 'not-sent' ? t('chat.not-sent') : m.status === 'refused' ? t('chat.refused') : null,
    })),
    earlier: model.hasOlder || page.start > 0 ? t('chat.load-older') : null,
    newest: page.newest ? null : t('chat.load-newest'),
    // Said where the failure matters: on a page whose Earlier press needs the server (the one that failed); pages
    // nearer the newest still step back through the messages held.
    olderFailed: model.olderFailed && page.start < XR_CHAT_MESSAGES ? { message: t('chat.older-failed'), retry: t('chat.retry') } : null,
    faqToggle: t('chat.faq-short'),
    faq: isTour ? (faq?.entries ?? []).slice(0, XR_CHAT_FAQ).map((e, index) => ({ id: e.id, index, question: localText(e.questionMulti, lang) })) : [],
    failed: failed ? t('chat.failed') : null,
    composer: model.open ? {
      label: t('chat.placeholder'),
      placeholder: t('chat.placeholder'),
      send: t('chat.send'),
      tooLong: t('chat.error-too-long', { max: CHAT_TEXT_MAX_CHARACTERS }),
    } : null,
  };
}
