import { Container } from '@react-three/uikit';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton, labelWidthFor } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { stepVolume, type MusicViewModel } from '../musicModel.ts';

const GAP = 16;

/**
 * The music player in VR: the track, play/pause, and the volume a step at a time (a slider is hard to drag with a
 * ray; ten steps from silent to full). The same view model and the same audio element as the flat player.
 */
export default function XRMusicPanel({ vm, lang, width }: XRPanelViewProps<MusicViewModel>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  // Two halves: "Lautstärke 40 %" or the Arabic level did not fit between the buttons, nor "Quieter" in a third.
  const half = Math.floor((width - GAP) / 2);
  const stepLabel = labelWidthFor(half, PANEL_FONT.button, true);
  return (
    <Container flexDirection="column" gap={20} width={width}>
      <PanelText text={vm.track} lang={lang} width={width} fontSize={PANEL_FONT.body} fontWeight={700} color="#ffffff" maxLines={2} />
      <PanelText text={vm.stateLabel} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_MUTED_COLOR} maxLines={1} />
      <PanelButton label={vm.toggleLabel} lang={lang} icon={vm.playing ? ICONS.pause : ICONS.play} labelWidth={labelWidthFor(width, PANEL_FONT.button, true)}
        fontSize={PANEL_FONT.button} variant="primary" minHeight={80} target="music:toggle" onClick={vm.act.toggle} />
      <PanelText text={vm.volumeLevel} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={1} align="center" />
      <Container flexDirection={row} gap={GAP} alignItems="center">
        <PanelButton label={vm.quieter} lang={lang} icon={ICONS.volumeDown} labelWidth={stepLabel} fontSize={PANEL_FONT.button} minWidth={half}
          target="music:quieter" onClick={() => vm.act.setVolume(stepVolume(vm.volume, -1))} />
        <PanelButton label={vm.louder} lang={lang} icon={ICONS.volumeUp} labelWidth={stepLabel} fontSize={PANEL_FONT.button} minWidth={half}
          target="music:louder" onClick={() => vm.act.setVolume(stepVolume(vm.volume, 1))} />
      </Container>
    </Container>
  );
}
