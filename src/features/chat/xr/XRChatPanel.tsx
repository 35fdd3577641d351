import { Container } from '@react-three/uikit';
import { useEffect, useState } from 'react';
import { CHAT_TEXT_MAX_CHARACTERS, messageTextProblem } from '../../../protocol/chat.ts';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { XRChatVM } from '../model/xrChatModel.ts';

export type XRChatPanelVM = XRChatVM & {
  act: {
    /** The panel is shown: the conversation opens (or is made) and its messages count as read. */
    shown(visible: boolean): void;
    askFaq(entry: { id: string; index: number }): void;
    /** Sends a message (already checked) into the open conversation. */
    send(body: string): void;
    /** The page before the one shown (the server's previous page loads first when the messages held run out). */
    earlier(): void;
    /** Back to the newest messages. */
    newest(): void;
  };
};

const BUBBLE_MINE = '#1f6feb';
const BUBBLE_THEIRS = '#21262d';
const SEND_BUTTON = 200;
/** The paging buttons: wide enough for "Earlier messages" in every language on one line at the button size. */
const PAGE_BUTTON = 420;

/**
 * The chat box in VR: the conversation a page of messages at a time (Earlier messages above them, Latest messages
 * below them once paged back, as the in-world comments page), a field typed with the headset's keyboard (the xr kit's
 * hidden input) with Send, and the FAQ as buttons for a wearer without a keyboard (same model as the DOM box).
 */
export default function XRChatPanel({ vm, lang, width }: XRPanelViewProps<XRChatPanelVM>) {
  const { shown } = vm.act;
  useEffect(() => {
    shown(true);
    return () => shown(false);
  }, [shown]);
  const [draft, setDraft] = useState('');
  const problem = messageTextProblem(draft);
  const send = () => {
    if (problem) return;
    vm.act.send(draft.trim());
    setDraft('');
  };
  const composer = vm.composer;
  const input = useXRTextInput({
    value: draft,
    onChange: setDraft,
    onEnter: send,
    label: composer?.label ?? '',
    lang,
    enterKeyHint: 'send',
    // Room to type past the limit and be told, as in the flat box (an emoji counts one, UTF-16 may take two).
    maxLength: CHAT_TEXT_MAX_CHARACTERS * 2,
    testId: 'xr-chat-input',
  });
  // What the wearer reads, for tests (the canvas has no DOM).
  useXRShown('chat', vm.messages.map((m) => m.text));
  const bubbleWidth = Math.round(width * 0.8);
  // "Mine" sits at the end of the line: the right in left-to-right languages, the left in Arabic.
  const end = isRtl(lang) ? 'flex-start' : 'flex-end';
  const start = isRtl(lang) ? 'flex-end' : 'flex-start';
  return (
    <Container flexDirection="column" gap={14} width={width}>
      {vm.offline && <PanelText text={vm.offline} lang={lang} width={width} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={2} />}
      {vm.failed && <PanelText text={vm.failed} lang={lang} width={width} fontSize={PANEL_FONT.small} color="#ff7b72" maxLines={2} />}
      {vm.earlier && (
        <Container flexDirection="row" justifyContent="center" width={width}>
          <PanelButton label={vm.earlier} lang={lang} labelWidth={labelWidthFor(PAGE_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
            onClick={vm.act.earlier} target="chat:earlier" />
        </Container>
      )}
      {vm.empty && <PanelText text={vm.empty} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />}
      {vm.messages.map((m) => (
        <Container key={m.key} flexDirection="column" alignItems={m.mine ? end : start} gap={4} width={width}>
          <PanelText text={m.author} lang={lang} width={bubbleWidth} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
          <Container backgroundColor={m.mine ? BUBBLE_MINE : BUBBLE_THEIRS} borderRadius={16} padding={14}>
            <PanelText text={m.text} lang={lang} width={bubbleWidth - 28} fontSize={PANEL_FONT.body} color="#ffffff" maxLines={4} />
          </Container>
          {m.status && <PanelText text={m.status} lang={lang} width={bubbleWidth} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={1} />}
        </Container>
      ))}
      {vm.newest && (
        <Container flexDirection="row" justifyContent="center" width={width}>
          <PanelButton label={vm.newest} lang={lang} labelWidth={labelWidthFor(PAGE_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
            onClick={vm.act.newest} target="chat:newest" />
        </Container>
      )}
      {composer && (
        <Container flexDirection={isRtl(lang) ? 'row-reverse' : 'row'} gap={12} alignItems="center" width={width}>
          <PanelTextField value={draft} placeholder={composer.placeholder} lang={lang} width={width - SEND_BUTTON - 12} input={input} target="chat:field" />
          <PanelButton label={composer.send} lang={lang} labelWidth={labelWidthFor(SEND_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant="primary"
            onClick={send} target="chat:send" />
        </Container>
      )}
      {composer && problem === 'too-long' && <PanelText text={composer.tooLong} lang={lang} width={width} fontSize={PANEL_FONT.small} color="#ff7b72" maxLines={2} />}
      {vm.faq.length > 0 && (
        <Container flexDirection="column" gap={10} width={width}>
          <PanelText text={vm.faqTitle} lang={lang} width={width} fontSize={PANEL_FONT.small} fontWeight={700} color={PANEL_MUTED_COLOR} maxLines={1} />
          {vm.faq.map((entry) => (
            <PanelButton key={entry.id} label={entry.question} lang={lang} labelWidth={width - 60} fontSize={PANEL_FONT.button} onClick={() => vm.act.askFaq(entry)} target={`chat:faq:${entry.index}`} />
          ))}
        </Container>
      )}
    </Container>
  );
}
