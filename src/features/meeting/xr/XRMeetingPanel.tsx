import { Container, Video } from '@react-three/uikit';
import { useEffect, useState } from 'react';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import { PANEL_FONT, PANEL_MUTED_COLOR, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { useBearingText } from '../../xr/kit/useBearingText.ts';
import { useXRShown } from '../../xr/kit/xrTargets.ts';
import type { XRPanelViewProps } from '../../xr/registry.ts';
import { leaderView } from '../useCoNavigation.ts';
import type { XRMeetingVM, XRTileVM } from '../xrMeetingModel.ts';

export interface XRMeetingActions {
  toggleMic(): void;
  toggleCamera(): void;
  follow(): void;
  leave(): void;
}

export type XRMeetingPanelVM = XRMeetingVM & { act: XRMeetingActions };

const GAP = 16;
const SPEAKING = '#3fb950';

/**
 * The meeting in the headset: the participants' pictures as video textures (uikit's Video, muted: the sound plays
 * once, from the page's own tiles), what is going on, and the controls a wearer needs (microphone, camera, back to
 * the host, leave). The same view model as the DOM panel (MeetingPanel.tsx).
 */
export default function XRMeetingPanel({ vm, lang, width }: XRPanelViewProps<XRMeetingPanelVM>) {
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  const tileWidth = Math.floor((width - GAP) / 2);
  const hostLooks = useBearingText(leaderView, vm.hostBearing);
  // For tests (canvas text has no DOM): whose tiles the panel draws, and which of them show a live picture.
  useXRShown('meeting', vm.tiles.map((tile) => tile.label));
  useXRShown('meeting:video', vm.tiles.filter((tile) => tile.stream).map((tile) => tile.label));
  // Ending the meeting for everyone is asked twice: a browser dialog would not show inside the headset.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), 5000);
    return () => clearTimeout(timer);
  }, [confirming]);
  const leave = () => {
    if (vm.leave.confirm && !confirming) return setConfirming(true);
    vm.act.leave();
  };
  return (
    <Container flexDirection="column" gap={GAP}>
      {[...vm.banners, ...(vm.speaker ? [vm.speaker] : [])].map((text) => (
        <PanelText key={text} text={text} lang={lang} width={width} fontSize={PANEL_FONT.body} color={PANEL_TEXT_COLOR} maxLines={3} />
      ))}
      {hostLooks && <PanelText text={hostLooks} lang={lang} width={width} fontSize={PANEL_FONT.body} color="#f0b72f" maxLines={2} />}
      <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
        {vm.tiles.map((tile) => <XRTile key={tile.key} tile={tile} lang={lang} width={tileWidth} />)}
      </Container>
      <Container flexDirection={row} flexWrap="wrap" gap={GAP} width={width}>
        <PanelButton label={vm.mic.label} lang={lang} labelWidth={220} fontSize={PANEL_FONT.button} variant={vm.mic.on ? 'default' : 'selected'} onClick={() => vm.mic.available && vm.act.toggleMic()} target="meeting:mic" />
        <PanelButton label={vm.camera.label} lang={lang} labelWidth={220} fontSize={PANEL_FONT.button} variant={vm.camera.on ? 'default' : 'selected'} onClick={() => vm.camera.available && vm.act.toggleCamera()} target="meeting:camera" />
        {vm.follow && <PanelButton label={vm.follow} lang={lang} labelWidth={300} fontSize={PANEL_FONT.button} variant="primary" onClick={vm.act.follow} target="meeting:follow" />}
        <PanelButton label={confirming && vm.leave.confirm ? vm.leave.confirm : vm.leave.label} lang={lang} labelWidth={confirming ? 520 : 220} fontSize={PANEL_FONT.button} variant="danger" onClick={leave} target="meeting:leave" />
      </Container>
    </Container>
  );
}

function XRTile({ tile, lang, width }: { tile: XRTileVM; lang: string; width: number }) {
  const height = Math.round((width * 9) / 16);
  const caption = [tile.badge, tile.label, tile.muted].filter(Boolean).join(' · ');
  return (
    <Container flexDirection="column" gap={6} width={width}>
      <Container width={width} height={height} borderRadius={12} borderWidth={6} borderColor={tile.speaking ? SPEAKING : '#30363d'} backgroundColor="#161b22" alignItems="center" justifyContent="center" overflow="hidden">
        {tile.stream
          ? <Video src={tile.stream} muted autoplay objectFit="cover" width={width - 12} height={height - 12} pointerEvents="none" />
          : <PanelText text={tile.initials} lang={lang} width={width - 12} fontSize={PANEL_FONT.title * 2} fontWeight={700} color={PANEL_MUTED_COLOR} align="center" maxLines={1} />}
      </Container>
      <PanelText text={caption} lang={lang} width={width} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} maxLines={1} />
    </Container>
  );
}
