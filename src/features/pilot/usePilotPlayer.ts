// The player's engine: one <audio> element (the voice) and the player's states (model/playerMachine.ts) kept in step
// with it. The route follows the audio's own clock (usePilotDrive), so voice and view never drift apart.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { RecordingWithRoute } from '../../protocol/pilot.ts';
import { MUSIC_PLAY_EVENT } from '../panels/MusicPlayer.tsx';
import { initialPlayer, playerReducer, type PlayerState } from './model/playerMachine.ts';
import { getRecording } from './pilotApi.ts';

export interface PilotPlayer {
  state: PlayerState;
  loaded: RecordingWithRoute | null;
  audioRef: React.RefObject<HTMLAudioElement | null>;
  /** Loads a recording; plays it at once when asked (a click in the list), or waits for play (a shared link). */
  load(recordingId: string, autoplay: boolean): Promise<void>;
  play(): void;
  toggle(): void;
  seek(positionMs: number): void;
  setSelfBrowsing(on: boolean): void;
  restart(): void;
  close(): void;
  /** Milliseconds into the recording now (the audio's clock). */
  clock(): number;
  /** Handlers for the <audio> element. */
  audioEvents: Record<'onPlay' | 'onPause' | 'onEnded' | 'onTimeUpdate' | 'onWaiting' | 'onPlaying', () => void>;
  failed: boolean;
}

export function usePilotPlayer(): PilotPlayer {
  const [state, dispatch] = useReducer(playerReducer, initialPlayer);
  const [loaded, setLoaded] = useState<RecordingWithRoute | null>(null);
  const [failed, setFailed] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // Music and other media pause while the pilot speaks (spec section 4).
    for (const other of document.querySelectorAll<HTMLMediaElement>('audio, video')) if (other !== audio) other.pause();
    void audio.play().catch(() => dispatch({ type: 'pause' }));
  }, []);

  const load = useCallback(async (recordingId: string, autoplay: boolean) => {
    setFailed(false);
    try {
      const recording = await getRecording(recordingId);
      const audio = audioRef.current;
      if (!audio) return;
      audio.pause();
      audio.src = recording.audioUrl;
      setLoaded(recording);
      dispatch({ type: 'load', recordingId: recording.objectId, buildingId: recording.buildingId, durationMs: recording.route.durationMs });
      if (autoplay) play();
    } catch {
      setFailed(true);
    }
  }, [play]);

  // Opening the tour's music pauses the pilot (spec section 4: music pauses pilot playback).
  useEffect(() => {
    const pause = () => audioRef.current?.pause();
    window.addEventListener(MUSIC_PLAY_EVENT, pause);
    return () => window.removeEventListener(MUSIC_PLAY_EVENT, pause);
  }, []);

  const clock = useCallback(() => (audioRef.current ? audioRef.current.currentTime * 1000 : 0), []);
  const seek = useCallback((positionMs: number) => {
    if (audioRef.current) audioRef.current.currentTime = positionMs / 1000;
    dispatch({ type: 'seek', positionMs });
  }, []);

  return {
    state,
    loaded,
    audioRef,
    load,
    play,
    toggle: () => (state.phase === 'playing' ? audioRef.current?.pause() : play()),
    seek,
    setSelfBrowsing: (on) => dispatch({ type: 'self-browsing', on }),
    restart: () => {
      seek(0);
      play();
    },
    close: () => {
      const audio = audioRef.current;
      audio?.pause();
      audio?.removeAttribute('src');
      setLoaded(null);
      dispatch({ type: 'unload' });
    },
    clock,
    audioEvents: {
      onPlay: () => dispatch({ type: 'play' }),
      onPause: () => {
        if (!audioRef.current?.ended) dispatch({ type: 'pause' });
      },
      onEnded: () => dispatch({ type: 'ended' }),
      onTimeUpdate: () => dispatch({ type: 'time', positionMs: clock() }),
      onWaiting: () => dispatch({ type: 'buffering', on: true }),
      onPlaying: () => dispatch({ type: 'buffering', on: false }),
    },
    failed,
  };
}
