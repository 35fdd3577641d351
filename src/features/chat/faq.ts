import { useEffect, useState } from 'react';
import { faqAnswerCall, faqListCall } from '../../api/chat.ts';
import type { FaqList } from '../../protocol/chat.ts';
import type { ChatClient } from './model/chatClient.ts';
import { newClientId } from './model/outbox.ts';

/** The tour's FAQ while `enabled` (null while loading; an empty list when it cannot be had). */
export function useFaqList(buildingId: string, enabled = true): FaqList | null {
  const [faq, setFaq] = useState<FaqList | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    faqListCall(buildingId).then((list) => live && setFaq(list), () => live && setFaq({ entries: [] }));
    return () => {
      live = false;
    };
  }, [buildingId, enabled]);
  return faq;
}

/**
 * Puts an FAQ question and its stored answer in the conversation. Like a message it has an id of its own, so a
 * retried request adds nothing; the promise rejects on failure so that every caller can say so.
 */
export async function askFaq(client: ChatClient, conversationId: string, entry: { id: string; index: number }, locale: string): Promise<void> {
  const { question, answer } = await faqAnswerCall({ conversationId, FAQId: entry.id, FAQIndex: entry.index, clientId: newClientId(), locale });
  client.addMessages(conversationId, [question, answer]);
}
