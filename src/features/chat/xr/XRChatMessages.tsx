import { Container } from '@react-three/uikit';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRChatMessage, XRChatVM } from '../model/xrChatModel.ts';
import {
  CHAT_BODY_LINE_HEIGHT, CHAT_BODY_LINES, CHAT_BUBBLE_PADDING_Y, CHAT_MESSAGE_GAP, CHAT_MESSAGE_HEIGHT, CHAT_MESSAGES_AREA,
  CHAT_NOTICE_HEIGHT, CHAT_NOTICE_LINE_HEIGHT, CHAT_NOTICE_LINES,
} from './xrChatLayout.ts';

const BUBBLE_MINE = '#1f6feb';
const BUBBLE_THEIRS = '#21262d';
const NOTICE_COLOR = '#ff9b8f';
/** Who wrote a message stands beside its bubble (a line above each would leave room for fewer messages a page). */
const AUTHOR_WIDTH = 150;
const BESIDE_GAP = 12;
const BUBBLE_PADDING_X = 14;
/** Bubbles stop short of the far side, so one's own and the other side's stand apart at a glance. */
const BUBBLE_INDENT = 70;

interface Props {
  vm: XRChatVM;
  lang: string;
  width: number;
  /** What went wrong, if anything (joined sentences); drawn in a slot of its own so the messages never move for it. */
  notice: string | null;
  /** The FAQ questions in place of the messages. */
  showFaq: boolean;
  onAsk: (entry: { id: string; index: number }) => void;
}

/**
 * The chat panel's middle: a fixed-height area (xrChatLayout.ts) with the notice slot on top and, under it, the
 * page of messages, the empty conversation's sentence or the FAQ questions. Never taller, never shorter.
 */
export function XRChatMessages({ vm, lang, width, notice, showFaq, onAsk }: Props) {
  return (
    <Container flexDirection="column" gap={CHAT_MESSAGE_GAP} width={width} height={CHAT_MESSAGES_AREA} flexShrink={0} overflow="hidden">
      <Container width={width} height={CHAT_NOTICE_HEIGHT} flexShrink={0}>
        {notice && <PanelText text={notice} lang={lang} width={width} fontSize={PANEL_FONT.small} color={NOTICE_COLOR}
          maxLines={CHAT_NOTICE_LINES} lineHeight={CHAT_NOTICE_LINE_HEIGHT} target="chat:notice" />}
      </Container>
      {showFaq
        ? vm.faq.map((entry) => (
          <PanelButton key={entry.id} label={entry.question} lang={lang} labelWidth={width - 60} fontSize={PANEL_FONT.button}
            onClick={() => onAsk(entry)} target={`chat:faq:${entry.index}`} />
        ))
        : vm.empty
          ? <PanelText text={vm.empty} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />
          : vm.messages.map((m) => <MessageRow key={m.key} message={m} lang={lang} width={width} />)}
    </Container>
  );
}

/** One message: its bubble and, on the outer side, who wrote it and whether it is still on its way. */
function MessageRow({ message: m, lang, width }: { message: XRChatMessage; lang: string; width: number }) {
  // One's own messages keep to the end of the line (the right; the left in Arabic), the other side's to the start.
  const towardsEnd = m.mine !== isRtl(lang);
  const textWidth = width - AUTHOR_WIDTH - BESIDE_GAP - BUBBLE_INDENT - 2 * BUBBLE_PADDING_X;
  return (
    <Container flexDirection={towardsEnd ? 'row-reverse' : 'row'} gap={BESIDE_GAP} width={width} height={CHAT_MESSAGE_HEIGHT} flexShrink={0} alignItems="flex-start">
      <Container flexDirection="column" gap={2} width={AUTHOR_WIDTH} flexShrink={0}>
        <PanelText text={m.author} lang={lang} width={AUTHOR_WIDTH} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={m.status ? 1 : 2} lineHeight={1.3} />
        {m.status && <PanelText text={m.status} lang={lang} width={AUTHOR_WIDTH} fontSize={PANEL_FONT.small} color="#f0b72f" maxLines={1} lineHeight={1.3} />}
      </Container>
      <Container backgroundColor={m.mine ? BUBBLE_MINE : BUBBLE_THEIRS} borderRadius={16} paddingX={BUBBLE_PADDING_X} paddingY={CHAT_BUBBLE_PADDING_Y} flexShrink={0}>
        <PanelText text={m.text} lang={lang} width={textWidth} fontSize={PANEL_FONT.body} color="#ffffff" maxLines={CHAT_BODY_LINES} lineHeight={CHAT_BODY_LINE_HEIGHT} />
      </Container>
    </Container>
  );
}
