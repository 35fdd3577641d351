import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadChatImageCall } from '../../../api/chat.ts';
import { CHAT_TEXT_MAX_CHARACTERS, characterCount, messageTextProblem, type ChatImage } from '../../../protocol/chat.ts';
import { drafts } from '../chatSession.ts';
import { CameraIcon, SmileIcon } from './ChatIcons.tsx';

interface Props {
  conversationId: string;
  onSend: (body: string, image?: ChatImage) => void;
  label: string;
}

/** A few emoji at hand; any other comes from the device's own keyboard. */
const EMOJI = ['😀', '🙂', '😍', '👍', '🙏', '👏', '🎉', '❤️', '🏠', '📍', '📅', '☀️'];

/**
 * The message box: Enter sends, Shift+Enter starts a new line. What is typed is kept per conversation (closing the
 * box or reloading keeps it) and the box empties only once the message is in the outbox, which keeps it until stored.
 */
export function Composer({ conversationId, onSend, label }: Props) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(() => drafts.get(conversationId));
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(drafts.get(conversationId));
  }, [conversationId]);
  const change = (value: string) => {
    setText(value);
    drafts.set(conversationId, value);
  };
  const count = characterCount(text.trim());
  const problem = messageTextProblem(text);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (problem) return;
    onSend(text.trim());
    change('');
    field.current?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const pickImage = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    setImageError(false);
    try {
      const image = await uploadChatImageCall(picked);
      onSend(text.trim() && !problem ? text.trim() : '', image);
      if (text.trim() && !problem) change('');
    } catch {
      setImageError(true);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };
  const insertEmoji = (emoji: string) => {
    const el = field.current;
    const at = el?.selectionStart ?? text.length;
    change(`${text.slice(0, at)}${emoji}${text.slice(el?.selectionEnd ?? at)}`);
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + emoji.length, at + emoji.length);
    });
  };
  return (
    <form className="atrium-chat__composer" onSubmit={submit} data-testid="chat-composer">
      {emojiOpen && (
        <div className="atrium-chat__emoji" role="group" aria-label={t('chat.emoji')}>
          {EMOJI.map((e) => <button key={e} type="button" onClick={() => insertEmoji(e)}>{e}</button>)}
        </div>
      )}
      {imageError && <p className="atrium-chat__error" role="alert">{t('chat.image-error')}</p>}
      {problem === 'too-long' && <p className="atrium-chat__error" role="alert">{t('chat.error-too-long', { max: CHAT_TEXT_MAX_CHARACTERS })}</p>}
      <div className="atrium-chat__composer-row">
        <button type="button" className="atrium-chat__tool" aria-label={t('chat.emoji')} aria-expanded={emojiOpen} onClick={() => setEmojiOpen((o) => !o)}><SmileIcon /></button>
        <button type="button" className="atrium-chat__tool" aria-label={t('chat.attach')} onClick={() => file.current?.click()} disabled={uploading}><CameraIcon /></button>
        <input ref={file} type="file" accept="image/*" hidden onChange={(e) => void pickImage(e.target.files?.[0])} data-testid="chat-image-input" />
        <textarea
          ref={field}
          value={text}
          rows={1}
          dir="auto"
          aria-label={label}
          placeholder={uploading ? t('chat.uploading') : t('chat.placeholder')}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKey}
          data-testid="chat-input"
        />
        <button type="submit" className="atrium-chat__send" disabled={problem !== null} data-testid="chat-send">{t('chat.send')}</button>
      </div>
      {count > CHAT_TEXT_MAX_CHARACTERS * 0.8 && <span className="atrium-chat__count">{t('chat.characters', { n: count, max: CHAT_TEXT_MAX_CHARACTERS })}</span>}
    </form>
  );
}
