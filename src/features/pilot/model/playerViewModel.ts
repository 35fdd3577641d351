// What the pilot player shows, UI-free: the flat-screen DOM player and the in-world (VR) panel render this same
// object, so both say the same thing in the same language.
import type { Recording } from '../../../protocol/pilot.ts';
import { formatClock, type PlayerState } from './playerMachine.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PlayerActions {
  toggle(): void;
  seek(positionMs: number): void;
  setSelfBrowsing(on: boolean): void;
  close(): void;
}

export interface PlayerViewModel {
  title: string;
  byline: string;
  phase: PlayerState['phase'];
  playing: boolean;
  positionMs: number;
  durationMs: number;
  /** 0..1, for the seek bar. */
  progress: number;
  clock: string;
  status: string;
  selfBrowsing: boolean;
  labels: { toggle: string; selfBrowsing: string; selfBrowsingHint: string; back: string; forward: string; close: string; seek: string };
  actions: PlayerActions;
}

/** Seconds a back or forward button jumps. */
export const SKIP_MS = 10_000;

export function playerViewModel(state: PlayerState, recording: Pick<Recording, 'title' | 'pilotName'>, t: Translate, actions: PlayerActions): PlayerViewModel {
  const playing = state.phase === 'playing';
  const status = state.buffering && playing ? t('player.buffering') : t(`player.state-${state.phase}`);
  return {
    title: recording.title,
    byline: t('player.by', { name: recording.pilotName }),
    phase: state.phase,
    playing,
    positionMs: state.positionMs,
    durationMs: state.durationMs,
    progress: state.durationMs > 0 ? Math.min(1, state.positionMs / state.durationMs) : 0,
    clock: `${formatClock(state.positionMs)} / ${formatClock(state.durationMs)}`,
    status,
    selfBrowsing: state.selfBrowsing,
    labels: {
      toggle: playing ? t('player.pause') : t('player.play'),
      selfBrowsing: state.selfBrowsing ? t('player.follow-route') : t('player.self-browse'),
      selfBrowsingHint: state.selfBrowsing ? t('player.self-browsing-on') : t('player.following'),
      back: t('player.back-10'),
      forward: t('player.forward-10'),
      close: t('player.close'),
      seek: t('player.seek'),
    },
    actions,
  };
}
