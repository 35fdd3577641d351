import { Container } from '@react-three/uikit';
import { ICONS } from '../../xr/kit/icons.ts';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { labelWidthFor, PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { useBearingText } from '../../xr/kit/useBearingText.ts';
import type { GuideTexts } from '../model/guideBearing.ts';
import { SKIP_MS, type PlayerViewModel } from '../model/playerViewModel.ts';
import { pilotGuide } from '../usePilotDrive.ts';

export type XRPilotPanelVM = PlayerViewModel & { guide: GuideTexts };

const GAP = 16;
const BAR_HEIGHT = 14;

/**
 * The controls take whole rows (play, self-browsing) and half rows (skip, on two lines if need be): in three buttons
 * sharing one row, labels such as "Reculer de 10 secondes" or "Воспроизвести" were cut to a few letters.
 */
const iconLabelWidth = (outer: number) => labelWidthFor(outer, PANEL_FONT.button, true);

/**
 * The pilot player in the headset: the same view model as the flat-screen bar (PilotPlayer.tsx). The route changes
 * panoramas but never turns the wearer's head; where the guide looks is shown as an arrow and a sentence instead.
 */
export default function XRPilotPanel({ vm, lang, width }: XRPanelViewProps<XRPilotPanelVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const guide = useBearingText(pilotGuide, vm.guide);
  const filled = Math.max(0, Math.min(width, Math.round(width * vm.progress)));
  const skipLabel = iconLabelWidth((width - GAP) / 2);
  return (
    <Container flexDirection="column" gap={GAP} width={width}>
      <PanelText text={vm.title} lang={lang} width={width} fontSize={PANEL_FONT.title} fontWeight={700} color={PANEL_TEXT_COLOR} maxLines={2} />
      <PanelText text={`${vm.byline} · ${vm.status} · ${vm.clock}`} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
      <Container width={width} height={BAR_HEIGHT} borderRadius={BAR_HEIGHT / 2} backgroundColor="#30363d" flexDirection={row}>
        <Container width={filled} height={BAR_HEIGHT} borderRadius={BAR_HEIGHT / 2} backgroundColor="#1f6feb" />
      </Container>
      {guide && <PanelText text={guide} lang={lang} width={width} fontSize={PANEL_FONT.body} color="#f0b72f" maxLines={2} />}
      <PanelButton label={vm.labels.toggle} lang={lang} labelWidth={iconLabelWidth(width)} fontSize={PANEL_FONT.button} icon={vm.playing ? ICONS.pause : ICONS.play} variant="primary"
        onClick={vm.actions.toggle} target="pilot:toggle" />
      <Container flexDirection={row} gap={GAP} width={width}>
        <PanelButton label={vm.labels.back} lang={lang} labelWidth={skipLabel} maxLines={2} fontSize={PANEL_FONT.button} icon={isRtl(lang) ? ICONS.next : ICONS.previous}
          onClick={() => vm.actions.seek(Math.max(0, vm.positionMs - SKIP_MS))} target="pilot:back" />
        <PanelButton label={vm.labels.forward} lang={lang} labelWidth={skipLabel} maxLines={2} fontSize={PANEL_FONT.button} icon={isRtl(lang) ? ICONS.previous : ICONS.next}
          onClick={() => vm.actions.seek(Math.min(vm.durationMs, vm.positionMs + SKIP_MS))} target="pilot:forward" />
      </Container>
      <PanelButton label={vm.labels.selfBrowsing} lang={lang} labelWidth={labelWidthFor(width, PANEL_FONT.button, false)} fontSize={PANEL_FONT.button} variant={vm.selfBrowsing ? 'selected' : 'default'}
        onClick={() => vm.actions.setSelfBrowsing(!vm.selfBrowsing)} target="pilot:self-browse" />
    </Container>
  );
}
