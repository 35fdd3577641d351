// The caller's side of a tour-ring call as a reducer (free of React and sockets, so it is tested alone):
// choose -> calling -> ringing -> answered, or -> ended with one of the spec's answers, or -> failed.
import type { CallAnswered, CallOutcome, StartCallAnswer } from '../../../protocol/tourRing.ts';

export type CallState =
  | { phase: 'choose' }
  | { phase: 'calling' }
  | { phase: 'ringing'; callId: string; deadline: number }
  | { phase: 'answered'; callId: string; guestPath: string; guideName: string }
  | { phase: 'ended'; outcome: CallOutcome }
  | { phase: 'failed'; reason: CallFailure };

/** Why a call could not be made: the connection, or this visitor has made too many calls for now. */
export type CallFailure = 'connection' | 'too-many-calls';

export type CallEvent =
  | { type: 'dial' }
  | { type: 'started'; answer: StartCallAnswer; at: number }
  | { type: 'answered'; event: CallAnswered }
  | { type: 'ended'; callId: string; outcome: CallOutcome }
  | { type: 'hang-up' }
  | { type: 'failed'; reason?: CallFailure }
  | { type: 'reset' };

export const initialCall: CallState = { phase: 'choose' };

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'dial':
      return state.phase === 'calling' || state.phase === 'ringing' ? state : { phase: 'calling' };
    case 'started':
      if (state.phase !== 'calling') return state;
      return event.answer.status === 'ringing'
        ? { phase: 'ringing', callId: event.answer.callId, deadline: event.at + event.answer.ringTimeoutMs }
        : { phase: 'ended', outcome: event.answer.status };
    case 'answered':
      // An answer can overtake the acknowledgement of the call itself; either way it is this call's.
      if (state.phase === 'calling' || (state.phase === 'ringing' && state.callId === event.event.callId)) {
        return { phase: 'answered', callId: event.event.callId, guestPath: event.event.guestPath, guideName: event.event.guideName };
      }
      return state;
    case 'ended':
      return state.phase === 'ringing' && state.callId === event.callId ? { phase: 'ended', outcome: event.outcome } : state;
    case 'hang-up':
      return state.phase === 'ringing' || state.phase === 'calling' ? { phase: 'ended', outcome: 'cancelled' } : state;
    case 'failed':
      return state.phase === 'calling' || state.phase === 'ringing' ? { phase: 'failed', reason: event.reason ?? 'connection' } : state;
    case 'reset':
      return initialCall;
  }
}

/** Whole seconds left to ring, for the caller's countdown. */
export const secondsLeft = (state: CallState, now: number): number => (state.phase === 'ringing' ? Math.max(0, Math.ceil((state.deadline - now) / 1000)) : 0);
