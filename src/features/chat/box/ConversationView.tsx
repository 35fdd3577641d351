import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatImage } from '../../../protocol/chat.ts';
import type { ChatClient } from '../model/chatClient.ts';
import type { ChatBoxModel } from '../model/chatViewModel.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';

interface Props {
  client: ChatClient;
  model: ChatBoxModel;
  /** Buttons of the conversation's header (mark done, …). */
  actions?: ReactNode;
  /** What the other side is called when a message carries no name. */
  otherLabel: string;
  composerLabel: string;
}

/** One open conversation: its messages, what is still on its way, and the box to write in. */
export function ConversationView({ client, model, actions, otherLabel, composerLabel }: Props) {
  const { t } = useTranslation('chat');
  const open = model.open;
  if (!open) return null;
  const send = (body: string, image?: ChatImage) => client.send(open.id, body, image);
  return (
    <div className="atrium-chat__conversation-view" data-testid="chat-conversation-view" data-conversation={open.id}>
      {actions && <div className="atrium-chat__actions">{actions}</div>}
      {!model.connected && <p className="atrium-chat__offline" role="status">{t('chat.offline')}</p>}
      <MessageList
        messages={model.messages}
        hasOlder={model.hasOlder}
        olderFailed={model.olderFailed}
        onOlder={() => void client.loadOlder(open.id)}
        onRetry={(id) => client.retry(id)}
        onDiscard={(id) => client.discard(id)}
        otherLabel={otherLabel}
      />
      <Composer conversationId={open.id} onSend={send} label={composerLabel} />
    </div>
  );
}
