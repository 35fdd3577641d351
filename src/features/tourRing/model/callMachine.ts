// The caller's side of a tour-ring call as a reducer (free of React and sockets, so it is tested alone):
// choose -> calling -> ringing -> answered, or -> ended with one of the spec's answers, or -> failed. An answered
// call notes when the page is in its meeting (`inMeeting`), and goes back to choose once the visitor is out of it
// again (left, ended, removed): the call is over then, and the panel offers a new one.
import type { CallAnswered, CallOutcome, StartCallAnswer } from '../../../protocol/tourRing.ts';

export type CallState =
  | { phase: 'choose' }
  | { phase: 'calling' }
  | { phase: 'ringing'; callId: string; deadline: number }
  | { phase: 'answered'; callId: string; meetingId: string; guestPath: string; guideName: string; visitorName: string; inMeeting: boolean }
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
  /** The meeting this page is in now (null: none), as the meeting layer says. */
  | { type: 'meeting'; current: string | null }
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
        const { callId, meetingId, guestPath, guideName, visitorName } = event.event;
        return { phase: 'answered', callId, meetingId, guestPath, guideName, visitorName, inMeeting: false };
      }
      return state;
    case 'meeting': {
      if (state.phase !== 'answered') return state;
      const inMeeting = event.current === state.meetingId;
      if (inMeeting === state.inMeeting) return state;
      return inMeeting ? { ...state, inMeeting } : initialCall;
    }
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
