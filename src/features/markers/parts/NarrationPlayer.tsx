import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Audio with a play/pause button and a progress bar the keyboard can move (arrows seek 5 s). */
export function NarrationPlayer({ url }: { url: string }) {
  const { t } = useTranslation('markers');
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => () => audio.current?.pause(), []);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };
  const seek = (event: KeyboardEvent) => {
    const el = audio.current;
    if (!el || !duration) return;
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 5 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -5 : 0;
    if (event.key === 'Home') el.currentTime = 0;
    else if (event.key === 'End') el.currentTime = duration;
    else if (step !== 0) el.currentTime = Math.max(0, Math.min(duration, el.currentTime + step));
    else return;
    event.preventDefault();
  };
  if (failed) return <p className="atrium-marker-gone" role="status">{t('markers.no-longer-available')}</p>;
  const percent = duration > 0 ? Math.round((time / duration) * 100) : 0;
  return (
    <div className="atrium-narration" data-testid="narration" data-playing={playing}>
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onError={() => setFailed(true)}
      />
      <button type="button" onClick={toggle} data-testid="narration-toggle" aria-pressed={playing}>
        {playing ? t('markers.pause') : t('markers.play')}
      </button>
      <div
        className="atrium-progress"
        role="slider"
        tabIndex={0}
        aria-label={t('markers.progress')}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={t('markers.progress-value', { percent })}
        onKeyDown={seek}
      >
        <div className="atrium-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
