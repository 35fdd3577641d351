// A visitor's call: one /tour-ring socket while the call panel is open, driven through callMachine's reducer.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { currentIdentity } from '../../../api/httpClient.ts';
import { keptSessionToken } from '../../account/sessionToken.ts';
import { deviceId } from '../../social/deviceMemory.ts';
import { callReducer, initialCall, type CallState } from './callMachine.ts';
import { ask, openRingSocket, RingRefusal, type RingSocket } from './ringSocket.ts';

/** Read-only diagnostics for the browser suite: when the last call was dialled (it measures call-to-ring time). */
declare global {
  interface Window {
    __atriumRing?: { dialedAt: number };
  }
}

export interface CallHandle {
  state: CallState;
  dial(language: string, name: string): void;
  hangUp(): void;
  reset(): void;
  /** The meeting this page is in now (null: none), from the meeting layer. */
  meetingChanged(current: string | null): void;
}

export function useCall(buildingId: string): CallHandle {
  const [state, dispatch] = useReducer(callReducer, initialCall);
  const socketRef = useRef<RingSocket | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => () => {
    socketRef.current?.close();
    socketRef.current = null;
  }, []);

  const socket = useCallback((): RingSocket => {
    if (socketRef.current) return socketRef.current;
    const made = openRingSocket({ deviceId: deviceId(), sessionToken: currentIdentity()?.token ?? keptSessionToken() });
    made.on('call:answered', (event) => dispatch({ type: 'answered', event }));
    made.on('call:ended', ({ callId, outcome }) => dispatch({ type: 'ended', callId, outcome }));
    // The server hangs up a caller whose socket closed: a lost connection mid-call is a failed call.
    made.on('disconnect', () => dispatch({ type: 'failed' }));
    socketRef.current = made;
    return made;
  }, []);

  const dial = useCallback((language: string, name: string) => {
    dispatch({ type: 'dial' });
    window.__atriumRing = { dialedAt: Date.now() };
    ask(socket(), 'call:start', { buildingId, language, ...(name.trim() ? { name: name.trim() } : {}) }).then(
      (answer) => dispatch({ type: 'started', answer, at: Date.now() }),
      (error: unknown) => dispatch({ type: 'failed', reason: error instanceof RingRefusal && error.code === 'RATE_LIMITED' ? 'too-many-calls' : 'connection' }),
    );
  }, [buildingId, socket]);

  const hangUp = useCallback(() => {
    const current = stateRef.current;
    if (current.phase === 'ringing' && socketRef.current) void ask(socketRef.current, 'call:cancel', { callId: current.callId }).catch(() => {});
    dispatch({ type: 'hang-up' });
  }, []);

  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  const meetingChanged = useCallback((current: string | null) => dispatch({ type: 'meeting', current }), []);
  return { state, dial, hangUp, reset, meetingChanged };
}
