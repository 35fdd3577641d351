// The pilot player's states (spec section 4: playing, paused, stopped; self-browsing on/off; the tooltip once;
// switching tours needs confirmation, the same recording offers a restart), as pure functions.

export type PlayerPhase = 'stopped' | 'playing' | 'paused';

export interface PlayerState {
  /** The loaded recording (null: nothing loaded). */
  recordingId: string | null;
  buildingId: string | null;
  phase: PlayerPhase;
  /** The visitor looks around freely while the voice goes on; the route is not applied. */
  selfBrowsing: boolean;
  /** Milliseconds into the recording. */
  positionMs: number;
  durationMs: number;
  /** The audio is waiting for data (a seek, a slow network). */
  buffering: boolean;
}

export type PlayerEvent =
  | { type: 'load'; recordingId: string; buildingId: string; durationMs: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'stop' }
  | { type: 'ended' }
  | { type: 'time'; positionMs: number }
  | { type: 'seek'; positionMs: number }
  | { type: 'self-browsing'; on: boolean }
  | { type: 'buffering'; on: boolean }
  | { type: 'unload' };

export const initialPlayer: PlayerState = { recordingId: null, buildingId: null, phase: 'stopped', selfBrowsing: false, positionMs: 0, durationMs: 0, buffering: false };

const clampTime = (state: PlayerState, t: number) => Math.max(0, Math.min(state.durationMs, t));

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'load':
      return { ...initialPlayer, recordingId: event.recordingId, buildingId: event.buildingId, durationMs: event.durationMs };
    case 'play':
      if (!state.recordingId) return state;
      // Playing again after the end starts over.
      return { ...state, phase: 'playing', positionMs: state.positionMs >= state.durationMs ? 0 : state.positionMs };
    case 'pause':
      return state.phase === 'playing' ? { ...state, phase: 'paused' } : state;
    case 'stop':
      return state.recordingId ? { ...state, phase: 'stopped', positionMs: 0, selfBrowsing: false, buffering: false } : state;
    case 'ended':
      return state.recordingId ? { ...state, phase: 'stopped', positionMs: state.durationMs, buffering: false } : state;
    case 'time':
      return state.phase === 'playing' ? { ...state, positionMs: clampTime(state, event.positionMs) } : state;
    case 'seek':
      return state.recordingId ? { ...state, positionMs: clampTime(state, event.positionMs) } : state;
    case 'self-browsing':
      return state.recordingId ? { ...state, selfBrowsing: event.on } : state;
    case 'buffering':
      return { ...state, buffering: event.on };
    case 'unload':
      return initialPlayer;
  }
}

/** The route drives the viewer: a recording is loaded, not ended or stopped, and the visitor is not browsing alone. */
export function drivesViewer(state: PlayerState): boolean {
  return state.recordingId !== null && (state.phase === 'playing' || state.phase === 'paused') && !state.selfBrowsing;
}

/** Auto-rotation and background music stay off while a recording plays or waits paused. */
export function pilotActive(state: PlayerState): boolean {
  return state.recordingId !== null && state.phase !== 'stopped';
}

/**
 * What choosing a recording in the list does. The one already loaded offers a restart (spec section 4). Switching to
 * another guided tour asks first when it would end one under way (playing or paused, "switching to another tour needs
 * confirmation") or leave this building's tour; with nothing loaded, or the last one stopped, it loads at once.
 */
export type ChooseAction = 'load' | 'offer-restart' | 'confirm-switch';

export function chooseAction(state: PlayerState, chosen: { recordingId: string; buildingId: string }, currentTourId: string): ChooseAction {
  if (state.recordingId === chosen.recordingId) return 'offer-restart';
  if (chosen.buildingId !== currentTourId) return 'confirm-switch';
  if (state.recordingId !== null && state.phase !== 'stopped') return 'confirm-switch';
  return 'load';
}

/** The tooltip explaining the player shows once per visitor: whether it still should. */
export function shouldShowTooltip(seen: string | null): boolean {
  return seen !== '1';
}

/** mm:ss (or h:mm:ss), digits only, so it reads the same in every language. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
