import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoSource } from '../model/videoEmbed.ts';

/** HTTP answers that mean "not for your region" rather than "gone". */
const GEO_BLOCK_STATUS = new Set([403, 451]);

/**
 * Plays a video by its source: the host's embed iframe (YouTube, Vimeo, Dailymotion), hls.js for .m3u8 (loaded only
 * then, with its worker served from our own origin) and a plain <video> otherwise. Playback errors that mean a geo
 * block show the spec's 'The video is not available in your country.'
 */
export function VideoPlayer({ source, title }: { source: VideoSource; title: string }) {
  const { t } = useTranslation('markers');
  const video = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    setBlocked(false);
    setGone(false);
    const el = video.current;
    if (source.kind !== 'hls' || !el) return undefined;
    if (el.canPlayType('application/vnd.apple.mpegurl') !== '') {
      el.src = source.url; // Safari plays HLS natively
      return undefined;
    }
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    void Promise.all([import('hls.js'), import('hls.js/dist/hls.worker.js?url')]).then(([{ default: Hls }, { default: workerPath }]) => {
      if (destroyed || !Hls.isSupported()) {
        if (!destroyed) el.src = source.url;
        return;
      }
      const player = new Hls({ workerPath, enableWorker: true });
      hls = player;
      player.on(Hls.Events.ERROR, (_event, data) => {
        const status = data.response?.code ?? 0;
        if (GEO_BLOCK_STATUS.has(status)) setBlocked(true);
        else if (data.fatal && (status === 404 || status === 410)) setGone(true);
        if (data.fatal) player.destroy();
      });
      player.loadSource(source.url);
      player.attachMedia(el);
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [source]);

  if (blocked) return <p className="atrium-marker-gone" role="status" data-testid="video-blocked">{t('markers.video-geo-blocked')}</p>;
  if (gone) return <p className="atrium-marker-gone" role="status">{t('markers.no-longer-available')}</p>;
  if (source.kind === 'embed') {
    return (
      <iframe
        className="atrium-marker-frame"
        src={source.url}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="video-embed"
      />
    );
  }
  return (
    <video
      ref={video}
      className="atrium-marker-video"
      src={source.kind === 'file' ? source.url : undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      onError={() => setBlocked(true)}
      data-testid="video"
    />
  );
}
