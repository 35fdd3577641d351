import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TileVM } from './meetingViewModel.ts';

interface Props {
  tile: TileVM;
  stream: MediaStream | undefined;
  streamVersion: number;
}

/** One participant's video (or initials when the camera is off), with name, speaking ring and muted sign. */
export function VideoTile({ tile, stream, streamVersion }: Props) {
  const { t } = useTranslation('meeting');
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (el.srcObject !== (stream ?? null)) el.srcObject = stream ?? null;
    if (stream) void el.play().catch(() => {});
  }, [stream, streamVersion]);
  const label = tile.kind === 'screen' ? t('panel.screen-of', { name: tile.name }) : tile.self ? `${tile.name} (${t('panel.you')})` : tile.name;
  const showVideo = Boolean(stream) && !tile.videoOff;
  return (
    <figure
      className={`atrium-meeting-tile${tile.speaking ? ' is-speaking' : ''}${tile.kind === 'screen' ? ' is-screen' : ''}${tile.away ? ' is-away' : ''}`}
      data-testid="meeting-tile"
      data-participant={tile.participantId}
      data-kind={tile.kind}
      data-speaking={tile.speaking}
    >
      {/* Your own camera is muted here (no echo); everyone else's sound plays from their tile. */}
      <video ref={video} autoPlay playsInline muted={tile.self} hidden={!showVideo} data-testid={tile.self ? 'meeting-self-video' : 'meeting-remote-video'} />
      {!showVideo && <span className="atrium-meeting-tile__initials" aria-hidden="true">{tile.initials}</span>}
      <figcaption>
        {tile.role === 'host' && tile.kind === 'camera' && <span className="atrium-meeting-tile__badge">{t('panel.host')}</span>}
        {tile.leading && tile.kind === 'camera' && <span className="atrium-meeting-tile__badge">{t('panel.leading')}</span>}
        <span className="atrium-meeting-tile__name">{label}</span>
        {tile.audioOff && <span title={t('panel.muted')} aria-label={t('panel.muted')}>🔇</span>}
        {tile.away && <span className="atrium-meeting-tile__badge">{t('panel.away')}</span>}
      </figcaption>
    </figure>
  );
}
