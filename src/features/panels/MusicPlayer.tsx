import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  src: string;
  /** Percent, 0..100. */
  volume: number;
}

export const MUSIC_PLAY_EVENT = 'atrium:music-play';

/**
 * The tour's background music, looped. Playing it pauses every other audio/video on the page and announces itself
 * (MUSIC_PLAY_EVENT) so other features can pause too. Browsers block autoplay until a gesture, so the owner's music
 * starts on the visitor's first interaction.
 */
export function MusicPlayer({ src, volume: initialVolume }: Props) {
  const { t } = useTranslation('panels');
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(Math.max(0, Math.min(100, initialVolume)));
  const stoppedByVisitor = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  const play = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    for (const other of document.querySelectorAll<HTMLMediaElement>('audio, video')) if (other !== el) other.pause();
    window.dispatchEvent(new CustomEvent(MUSIC_PLAY_EVENT));
    void el.play().catch(() => setPlaying(false));
  }, []);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume / 100;
  }, [volume]);

  useEffect(() => {
    const start = () => {
      if (!stoppedByVisitor.current && audio.current?.paused) play();
    };
    const events = ['pointerdown', 'keydown'] as const;
    const stop = () => events.forEach((e) => window.removeEventListener(e, onFirst, true));
    const onFirst = (e: Event) => {
      stop();
      // A first gesture on the player's own button is handled by the button itself.
      if (!(e.target instanceof Node && box.current?.contains(e.target))) start();
    };
    events.forEach((e) => window.addEventListener(e, onFirst, true));
    return stop;
  }, [play]);

  return (
    <div ref={box} className="atrium-music" data-testid="music-player" onKeyDown={(e) => e.stopPropagation() /* arrows move the volume, not the camera */}>
      <audio ref={audio} src={src} loop preload="none" data-testid="music-audio" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      <button
        type="button"
        aria-pressed={playing}
        aria-label={playing ? t('music.pause') : t('music.play')}
        data-testid="music-toggle"
        onClick={() => {
          if (playing) {
            stoppedByVisitor.current = true;
            audio.current?.pause();
          } else play();
        }}
      >
        {playing ? '❚❚' : '♫'}
      </button>
      <input type="range" min={0} max={100} value={volume} aria-label={t('music.volume')} data-testid="music-volume" onChange={(e) => setVolume(Number(e.target.value))} />
    </div>
  );
}
