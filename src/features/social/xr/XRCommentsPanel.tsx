import { Container } from '@react-three/uikit';
import { useEffect, useState } from 'react';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { PanelTextField } from '../../xr/kit/PanelTextField.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { useXRTextInput } from '../../xr/kit/useXRTextInput.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { COMMENT_MAX_LENGTH } from '../../../protocol/constants.ts';
import type { CommentsVM } from '../commentsViewModel.ts';
import type { XRCommentsPage } from '../xrCommentsModel.ts';

export type XRCommentsPanelVM = CommentsVM & {
  page: XRCommentsPage;
  act: {
    /** The panel is shown: the first batch loads if it has not yet. */
    shown(): void;
    /** Goes to another page; past the last page loaded, the next batch of ten loads first. */
    page(page: number): void;
    /** Posts a comment (parentId null) or a reply; answers whether it was stored and what is wrong with the text. */
    post(message: string, parentId: string | null): Promise<{ sent: boolean; problem: string | null }>;
  };
};

const SEND_BUTTON = 200;
const REPLY_BUTTON = 150;
const PAGE_BUTTON = 220;
const CARD = '#161b22';

/** The comments in VR: the latest conversations a page at a time, a field to write one and Reply on each. */
export default function XRCommentsPanel({ vm, lang, width }: XRPanelViewProps<XRCommentsPanelVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const { shown } = vm.act;
  useEffect(() => {
    shown();
  }, [shown]);
  const [draft, setDraft] = useState('');
  const [replyTo, setReplyTo] = useState<{ id: string; label: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const input = useXRTextInput({
    value: draft,
    onChange: (value) => {
      setDraft(value);
      setError(null);
    },
    onEnter: () => void send(),
    label: replyTo?.label ?? vm.labels.comment,
    lang,
    enterKeyHint: 'send',
    maxLength: COMMENT_MAX_LENGTH * 2,
    testId: 'xr-comment-input',
  });
  async function send() {
    if (sending) return;
    setSending(true);
    const { sent, problem } = await vm.act.post(draft, replyTo?.id ?? null);
    setSending(false);
    setError(problem);
    // A refused text stays to be fixed, and after a network failure for another try (spec: failures are silent).
    if (sent) {
      setDraft('');
      setReplyTo(null);
      input.blur();
    }
  }

  useXRShown('comments', vm.page.threads.flatMap((thread) => [thread.message, ...thread.replies.map((r) => r.message)]));

  const fieldWidth = width - SEND_BUTTON - 12;
  const threadWidth = width - 24;
  return (
    <Container flexDirection="column" gap={12} width={width}>
      {replyTo && (
        <Container flexDirection={row} gap={12} alignItems="center" width={width}>
          <PanelText text={replyTo.label} lang={lang} width={width - REPLY_BUTTON - 12} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
          <PanelButton label={vm.labels.cancel} lang={lang} labelWidth={labelWidthFor(REPLY_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
            onClick={() => setReplyTo(null)} target="comments:cancel-reply" />
        </Container>
      )}
      <Container flexDirection={row} gap={12} alignItems="center" width={width}>
        <PanelTextField value={draft} placeholder={replyTo ? vm.labels.replyPlaceholder : vm.labels.placeholder} lang={lang} width={fieldWidth} input={input} target="comments:field" />
        <PanelButton label={vm.labels.post} lang={lang} labelWidth={labelWidthFor(SEND_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant="primary"
          onClick={() => void send()} target="comments:post" />
      </Container>
      {error && <PanelText text={error} lang={lang} width={width} fontSize={PANEL_FONT.small} color="#ff7b72" maxLines={2} />}
      {vm.empty && <PanelText text={vm.empty} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={2} />}
      {vm.page.threads.map((thread, index) => (
        <Container key={thread.id} flexDirection="column" gap={6} width={width} backgroundColor={CARD} borderRadius={14} padding={12}>
          <Container flexDirection={row} gap={12} alignItems="center" width={threadWidth}>
            <PanelText text={thread.when ? `${thread.author} · ${thread.when}` : thread.author} lang={lang} width={threadWidth - REPLY_BUTTON - 12} fontSize={PANEL_FONT.small}
              fontWeight={700} color={PANEL_MUTED_COLOR} maxLines={1} />
            <PanelButton label={vm.labels.reply} lang={lang} labelWidth={labelWidthFor(REPLY_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} minHeight={56}
              onClick={() => {
                setReplyTo({ id: thread.id, label: thread.replyLabel });
                input.focus();
              }} target={`comments:reply:${index}`} />
          </Container>
          <PanelText text={thread.message} lang={lang} width={threadWidth} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={2} />
          {thread.earlierReplies && <PanelText text={thread.earlierReplies} lang={lang} width={threadWidth - 40} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />}
          {thread.replies.map((reply) => (
            <Container key={reply.id} flexDirection={row} width={threadWidth}>
              {/* Replies stand indented at the start side, as under the DOM panel's comments. */}
              <Container width={40} flexShrink={0} />
              <PanelText text={`${reply.author}: ${reply.message}`} lang={lang} width={threadWidth - 40} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} maxLines={2} />
            </Container>
          ))}
        </Container>
      ))}
      {(vm.page.newer.enabled || vm.page.older.enabled) && (
        <Container flexDirection={row} gap={12} alignItems="center" width={width}>
          {vm.page.newer.enabled ? (
            <PanelButton label={vm.page.newer.label} lang={lang} labelWidth={labelWidthFor(PAGE_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
              onClick={() => vm.act.page(vm.page.page - 1)} target="comments:newer" />
          ) : <Container width={PAGE_BUTTON} height={64} flexShrink={0} />}
          <PanelText text={vm.page.range ?? ''} lang={lang} width={width - 2 * PAGE_BUTTON - 24} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} align="center" />
          {vm.page.older.enabled ? (
            <PanelButton label={vm.page.older.label} lang={lang} labelWidth={labelWidthFor(PAGE_BUTTON, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button}
              onClick={() => vm.act.page(vm.page.page + 1)} target="comments:older" />
          ) : <Container width={PAGE_BUTTON} height={64} flexShrink={0} />}
        </Container>
      )}
    </Container>
  );
}
