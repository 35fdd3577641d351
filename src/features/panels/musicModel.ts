// The music player's view model: what the flat-screen player and the in-world panel both show and do. UI-free.

/** One press of "quieter" or "louder" in the headset, where there is no slider to drag: ten steps from 0 to 100. */
export const VOLUME_STEP = 10;

export interface MusicViewModel {
  playing: boolean;
  /** Percent, 0..100; 0 is silent. */
  volume: number;
  /** The track's name, read from its file name (the tour carries no title). */
  track: string;
  /** The toggle's label: what pressing it does. */
  toggleLabel: string;
  /** Playing or paused, said as a state. */
  stateLabel: string;
  volumeLabel: string;
  volumeLevel: string;
  quieter: string;
  louder: string;
  act: { toggle(): void; setVolume(percent: number): void };
}

export interface MusicTexts {
  play: string;
  pause: string;
  playing: string;
  paused: string;
  volume: string;
  level: (percent: number) => string;
  quieter: string;
  louder: string;
  untitled: string;
}

export const clampVolume = (percent: number): number => (Number.isFinite(percent) ? Math.max(0, Math.min(100, Math.round(percent))) : 0);

/** The volume one step up (+1) or down (-1), landing on the steps' grid (an owner's 35 goes to 40 or 30). */
export function stepVolume(volume: number, direction: 1 | -1): number {
  const grid = direction > 0 ? Math.floor(volume / VOLUME_STEP) + 1 : Math.ceil(volume / VOLUME_STEP) - 1;
  return clampVolume(grid * VOLUME_STEP);
}

/** "harbour_evening-theme.mp3?v=2" -> "harbour evening theme"; the fallback when the address names no file. */
export function trackName(src: string, fallback: string): string {
  const path = src.split(/[?#]/)[0] ?? '';
  const file = path.slice(path.lastIndexOf('/') + 1);
  let name = file;
  try {
    name = decodeURIComponent(file);
  } catch {
    // A stray % in the name: show it as it is.
  }
  name = name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return name || fallback;
}

export function musicViewModel(state: { src: string; playing: boolean; volume: number }, texts: MusicTexts, act: MusicViewModel['act']): MusicViewModel {
  const volume = clampVolume(state.volume);
  return {
    playing: state.playing,
    volume,
    track: trackName(state.src, texts.untitled),
    toggleLabel: state.playing ? texts.pause : texts.play,
    stateLabel: state.playing ? texts.playing : texts.paused,
    volumeLabel: texts.volume,
    volumeLevel: texts.level(volume),
    quieter: texts.quieter,
    louder: texts.louder,
    act,
  };
}
