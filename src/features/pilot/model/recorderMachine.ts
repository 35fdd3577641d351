// The recorder's states (spec section 4, "Recording: start, stop, uploading, upload failed, complete"), as a pure
// reducer: the recorder component turns browser events into these and draws what the state says.
import { PILOT_WARNING_BEFORE_MS } from '../../../protocol/pilot.ts';

export type RecorderPhase =
  | 'idle'
  /** Asking for the microphone. */
  | 'starting'
  | 'recording'
  /** Stopped: a title and a language before uploading (the take is kept in the browser meanwhile). */
  | 'stopped'
  | 'uploading'
  | 'failed'
  | 'complete';

/** Why the last step failed: shown as the spec's messages. */
export type RecorderProblem = 'microphone-blocked' | 'no-microphone' | 'unsupported' | 'upload-failed' | 'relogin' | 'refused' | null;

export interface RecorderState {
  phase: RecorderPhase;
  problem: RecorderProblem;
  /** Milliseconds recorded so far (or in the stopped take). */
  elapsedMs: number;
  limitMs: number;
  /** The take reached the limit and was stopped by the recorder, not the pilot. */
  autoStopped: boolean;
  /** A server's refusal message (a route or audio the server would not take), shown as it came. */
  detail: string | null;
}

export type RecorderEvent =
  | { type: 'start' }
  | { type: 'granted' }
  | { type: 'denied'; problem: 'microphone-blocked' | 'no-microphone' | 'unsupported' }
  | { type: 'tick'; elapsedMs: number }
  | { type: 'stop' }
  /** A take kept in the browser from an earlier visit that never finished uploading. */
  | { type: 'restore'; elapsedMs: number }
  | { type: 'upload' }
  | { type: 'uploaded' }
  | { type: 'upload-failed'; problem: 'upload-failed' | 'relogin' | 'refused'; detail?: string }
  | { type: 'discard' };

export const initialRecorder = (limitMs: number): RecorderState => ({ phase: 'idle', problem: null, elapsedMs: 0, limitMs, autoStopped: false, detail: null });

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'start':
      return state.phase === 'idle' || state.phase === 'complete' || (state.phase === 'failed' && state.elapsedMs === 0)
        ? { ...initialRecorder(state.limitMs), phase: 'starting' }
        : state;
    case 'granted':
      return state.phase === 'starting' ? { ...state, phase: 'recording', elapsedMs: 0 } : state;
    case 'denied':
      return state.phase === 'starting' ? { ...state, phase: 'failed', problem: event.problem } : state;
    case 'tick': {
      if (state.phase !== 'recording') return state;
      if (event.elapsedMs >= state.limitMs) return { ...state, phase: 'stopped', elapsedMs: state.limitMs, autoStopped: true };
      return { ...state, elapsedMs: Math.max(state.elapsedMs, event.elapsedMs) };
    }
    case 'stop':
      return state.phase === 'recording' ? { ...state, phase: 'stopped' } : state;
    case 'restore':
      return state.phase === 'idle' ? { ...state, phase: 'stopped', elapsedMs: event.elapsedMs } : state;
    case 'upload':
      return state.phase === 'stopped' || (state.phase === 'failed' && state.elapsedMs > 0) ? { ...state, phase: 'uploading', problem: null, detail: null } : state;
    case 'uploaded':
      return state.phase === 'uploading' ? { ...state, phase: 'complete' } : state;
    case 'upload-failed':
      return state.phase === 'uploading' ? { ...state, phase: 'failed', problem: event.problem, detail: event.detail ?? null } : state;
    case 'discard':
      return state.phase === 'recording' || state.phase === 'uploading' ? state : initialRecorder(state.limitMs);
  }
}

/** The last minute: the recorder shows how long is left. */
export function inWarning(state: RecorderState): boolean {
  return state.phase === 'recording' && state.limitMs - state.elapsedMs <= Math.min(PILOT_WARNING_BEFORE_MS, state.limitMs / 2);
}

export function remainingMs(state: RecorderState): number {
  return Math.max(0, state.limitMs - state.elapsedMs);
}

/** A take exists that has not reached the server: retry is offered and leaving should not lose it. */
export function hasUnsentTake(state: RecorderState): boolean {
  return state.elapsedMs > 0 && (state.phase === 'stopped' || state.phase === 'uploading' || (state.phase === 'failed' && state.problem !== null && ['upload-failed', 'relogin', 'refused'].includes(state.problem)));
}
