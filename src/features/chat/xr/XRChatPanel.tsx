import { Container } from '@react-three/uikit';
import { useEffect, useState } from 'react';
import { CHAT_TEXT_MAX_CHARACTERS, messageTextProblem } from '../../../protocol/chat.ts';
import { PANEL_FONT } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import type { XRChatVM } from '../model/xrChatModel.ts';
import { XRChatMessages } from './XRChatMessages.tsx';
import { CHAT_CONTENT_HEIGHT, CHAT_CONTROL_ROW, CHAT_ROW_GAP } from './xrChatLayout.ts';

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

const SEND_BUTTON = 200;
const FAQ_BUTTON = 240;
/** The paging buttons, both on one row: wide enough for "Earlier messages" in every language on one line. */
const PAGE_BUTTON = 408;

/**
 * The chat box in VR, as tall on every page as on the first (xrChatLayout.ts): Earlier messages (or Retry, when they
 * could not be loaded) and Latest messages on one row, a page of messages under a notice slot, and a field typed with
 * the headset's keyboard (the xr kit's hidden input) with Send; the FAQ questions show in the messages' place, for a
 * wearer without a keyboard (same model as the DOM box).
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
  // The FAQ shows by itself in an empty conversation; the wearer's choice otherwise.
  const [faqChosen, setFaqChosen] = useState<boolean | null>(null);
  const showFaq = vm.faq.length > 0 && (faqChosen ?? vm.messages.length === 0);
  // What the wearer reads, for tests (the canvas has no DOM).
  useXRShown('chat', showFaq ? [] : vm.messages.map((m) => m.text));
  const tooLong = composer && problem === 'too-long' ? composer.tooLong : null;
  const notice = [vm.olderFailed?.message, vm.failed, vm.offline, tooLong].filter(Boolean).join(' ') || null;
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const pageLabelWidth = labelWidthFor(PAGE_BUTTON, PANEL_FONT.button, false);
  const showMessages = (go: () => void) => () => {
    setFaqChosen(false);
    go();
  };
  const slot = <Container width={PAGE_BUTTON} height={CHAT_CONTROL_ROW} flexShrink={0} />;
  return (
    <Container flexDirection="column" gap={CHAT_ROW_GAP} width={width} height={CHAT_CONTENT_HEIGHT} overflow="hidden">
      <Container flexDirection={row} justifyContent="space-between" width={width} height={CHAT_CONTROL_ROW} flexShrink={0}>
        {vm.olderFailed
          ? <PanelButton label={vm.olderFailed.retry} lang={lang} labelWidth={pageLabelWidth} fontSize={PANEL_FONT.button} onClick={showMessages(vm.act.earlier)} target="chat:older-retry" />
          : vm.earlier
            ? <PanelButton label={vm.earlier} lang={lang} labelWidth={pageLabelWidth} fontSize={PANEL_FONT.button} onClick={showMessages(vm.act.earlier)} target="chat:earlier" />
            : slot}
        {vm.newest
          ? <PanelButton label={vm.newest} lang={lang} labelWidth={pageLabelWidth} fontSize={PANEL_FONT.button} onClick={showMessages(vm.act.newest)} target="chat:newest" />
          : slot}
      </Container>
      <XRChatMessages vm={vm} lang={lang} width={width} notice={notice} showFaq={showFaq}
        onAsk={(entry) => { setFaqChosen(false); vm.act.askFaq(entry); }} />
      <Container flexDirection={row} gap={12} alignItems="center" width={width} height={CHAT_CONTROL_ROW} flexShrink={0}>
        {vm.faq.length > 0 && (
          <PanelButton label={vm.faqToggle} lang={lang} labelWidth={labelWidthFor(FAQ_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
            variant={showFaq ? 'selected' : 'default'} onClick={() => setFaqChosen(!showFaq)} target="chat:faq-toggle" />
        )}
        {composer && (
          <PanelTextField value={draft} placeholder={composer.placeholder} lang={lang} input={input} target="chat:field"
            width={width - SEND_BUTTON - 12 - (vm.faq.length > 0 ? FAQ_BUTTON + 12 : 0)} />
        )}
        {composer && (
          <PanelButton label={composer.send} lang={lang} labelWidth={labelWidthFor(SEND_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant="primary"
            onClick={send} target="chat:send" />
        )}
      </Container>
    </Container>
  );
}
