import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICONS } from '../xr/kit/icons.ts';
import { useXRPanel } from '../xr/registry.ts';
import { clampVolume, musicViewModel } from './musicModel.ts';

// The in-world twin: loaded only when opened inside a VR session.
const XRMusicPanel = lazy(() => import('./xr/XRMusicPanel.tsx'));

interface Props {
  src: string;
  /** Percent, 0..100. */
  volume: number;
}

export const MUSIC_PLAY_EVENT = 'atrium:music-play';

/**
 * The tour's background music, looped. Playing it pauses every other audio/video on the page and announces itself
 * (MUSIC_PLAY_EVENT) so other features can pause too. Browsers block autoplay until a gesture, so the owner's music
 * starts on the visitor's first interaction. In VR the same view model is the in-world panel (menu slot 90).
 */
export function MusicPlayer({ src, volume: initialVolume }: Props) {
  const { t } = useTranslation('panels');
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(clampVolume(initialVolume));
  const stoppedByVisitor = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  const play = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    for (const other of document.querySelectorAll<HTMLMediaElement>('audio, video')) if (other !== el) other.pause();
    window.dispatchEvent(new CustomEvent(MUSIC_PLAY_EVENT));
    void el.play().catch(() => setPlaying(false));
  }, []);

  const toggle = useCallback(() => {
    if (audio.current && !audio.current.paused) {
      stoppedByVisitor.current = true;
      audio.current.pause();
    } else play();
  }, [play]);

  const vm = useMemo(() => musicViewModel({ src, playing, volume }, {
    play: t('music.play'), pause: t('music.pause'), playing: t('music.playing'), paused: t('music.paused'),
    volume: t('music.volume'), level: (percent) => t('music.level', { percent }), quieter: t('music.quieter'),
    louder: t('music.louder'), untitled: t('music.untitled'),
  }, { toggle, setVolume: (v) => setVolume(clampVolume(v)) }), [src, playing, volume, t, toggle]);
  useXRPanel({ id: 'music', icon: ICONS.music, title: t('music.title'), vm, View: XRMusicPanel, width: 640 });

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
    <div ref={box} className="atrium-music" data-testid="music-player" title={vm.track} onKeyDown={(e) => e.stopPropagation() /* arrows move the volume, not the camera */}>
      <audio ref={audio} src={src} loop preload="none" data-testid="music-audio" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      <button type="button" aria-pressed={vm.playing} aria-label={vm.toggleLabel} data-testid="music-toggle" onClick={vm.act.toggle}>
        {vm.playing ? '❚❚' : '♫'}
      </button>
      <input type="range" min={0} max={100} value={vm.volume} aria-label={vm.volumeLabel} aria-valuetext={vm.volumeLevel} data-testid="music-volume" onChange={(e) => vm.act.setVolume(Number(e.target.value))} />
    </div>
  );
}
