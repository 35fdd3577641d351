import { Container, Image } from '@react-three/uikit';
import { ICONS } from '../../xr/kit/icons.ts';
import { PanelButton } from '../../xr/kit/PanelButton.tsx';
import { PANEL_FONT, PANEL_TEXT_COLOR } from '../../xr/kit/PanelFrame.tsx';
import { PanelText } from '../../xr/kit/PanelText.tsx';
import { isRtl } from '../../xr/kit/textCanvas.ts';
import type { VideoSource } from '../model/videoEmbed.ts';
import { type XRPanelLabels, videoTimeText } from './panelModel.ts';
import { useInWorldVideo } from './useInWorldVideo.ts';

export interface XRVideoViewProps {
  source: VideoSource;
  /** The marker asks to start at once: it does so muted, the only playback a browser allows unasked. */
  autoplay: boolean;
  lang: string;
  width: number;
  maxHeight: number;
  labels: XRPanelLabels;
}

const BAR_HEIGHT = 12;
const TIME_WIDTH = 240;

/**
 * A video file or stream played on the panel: the picture, Play/Pause, a bar that fills as it plays, the time
 * ("0:03 / 0:10") and sound on/off. Buttons take controller rays and hand pinches like every PanelButton.
 */
export function XRVideoView({ source, autoplay, lang, width, maxHeight, labels }: XRVideoViewProps) {
  const video = useInWorldVideo(source, autoplay);
  const row = isRtl(lang) ? 'row-reverse' : 'row';
  if (video.failed) return <PanelText text={labels.noLongerAvailable} target="marker:video-failed" lang={lang} width={width} fontSize={PANEL_FONT.body} color="#f0b72f" />;
  const height = Math.min(maxHeight, width / video.aspect);
  const progress = video.duration > 0 ? Math.min(1, video.currentTime / video.duration) : 0;
  const barWidth = width - TIME_WIDTH - 16;
  return (
    <Container flexDirection="column" gap={12} width={width}>
      <Container flexDirection="row" justifyContent="center" width={width} height={height} backgroundColor="#000000" borderRadius={12}>
        {video.texture && <Image src={video.texture} width={height * video.aspect} height={height} pointerEvents="none" />}
      </Container>
      <Container flexDirection={row} gap={16} alignItems="center" width={width}>
        {/* The bar fills from the side text starts from: the right in Arabic. */}
        <Container flexDirection={row} width={barWidth} height={BAR_HEIGHT} backgroundColor="#30363d" borderRadius={BAR_HEIGHT / 2}>
          <Container width={Math.max(BAR_HEIGHT, barWidth * progress)} height={BAR_HEIGHT} backgroundColor="#1f6feb" borderRadius={BAR_HEIGHT / 2} />
        </Container>
        <PanelText text={videoTimeText(labels, video.currentTime, video.duration, lang)} target="marker:video-time" lang={lang} width={TIME_WIDTH} fontSize={PANEL_FONT.small} color={PANEL_TEXT_COLOR} align="center" maxLines={1} />
      </Container>
      <Container flexDirection={row} gap={16} alignItems="center">
        <PanelButton variant="primary" label={video.playing ? labels.pause : labels.play} lang={lang} icon={video.playing ? ICONS.pause : ICONS.play} labelWidth={220} fontSize={PANEL_FONT.button} onClick={video.toggle} target="marker:video-play" />
        <PanelButton label={video.muted ? labels.unmute : labels.mute} lang={lang} icon={video.muted ? ICONS.volumeUp : ICONS.volumeDown} labelWidth={260} fontSize={PANEL_FONT.button} onClick={video.toggleSound} target="marker:video-sound" />
      </Container>
    </Container>
  );
}
