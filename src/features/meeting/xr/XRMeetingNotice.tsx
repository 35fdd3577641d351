import { Container } from '@react-three/uikit';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { PANEL_FONT, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';

/** Why the meeting is over or could not start, in the visitor's language, with what they can do about it. */
export interface XRMeetingNoticeVM {
  text: string;
  /** "Join again" where trying again may help (a connection problem), else null. */
  retry: string | null;
  close: string;
  act: { retry(): void; close(): void };
}

/**
 * The in-world twin of the page's meeting notice (MeetingNotice in MeetingEntry.tsx). Without it a wearer whose
 * meeting ended, who was removed, or whose join failed would only see the meeting panel vanish: the page's notice
 * is behind the headset.
 */
export default function XRMeetingNotice({ vm, lang, width }: XRPanelViewProps<XRMeetingNoticeVM>) {
  useXRShown('meeting:notice', [vm.text]);
  return (
    <Container flexDirection="column" gap={24}>
      <PanelText text={vm.text} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={4} />
      <Container flexDirection={isRtl(lang) ? 'row-reverse' : 'row'} gap={16}>
        {vm.retry && <PanelButton label={vm.retry} lang={lang} labelWidth={260} fontSize={PANEL_FONT.button} variant="primary" onClick={vm.act.retry} target="meeting:retry" />}
        <PanelButton label={vm.close} lang={lang} labelWidth={220} fontSize={PANEL_FONT.button} onClick={vm.act.close} target="meeting:notice-close" />
      </Container>
    </Container>
  );
}
