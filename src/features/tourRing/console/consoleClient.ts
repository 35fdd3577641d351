// A guide's console connection (free of React): one /tour-ring socket with the session, joined as a console after
// every (re)connection, and the state the page draws: tours, calls ringing, call-back requests, whether in a call.
import type { Callback, GuideTour, IncomingCall } from '../../../protocol/tourRing.ts';
import { ask, openRingSocket, RingRefusal, type RingSocket } from '../model/ringSocket.ts';

export interface ConsoleSnapshot {
  status: 'connecting' | 'online' | 'offline';
  tours: GuideTour[];
  ringing: IncomingCall[];
  callbacks: Callback[];
  inCall: boolean;
  /** The meeting of the call this guide took last (to open it again). */
  meetingPath: string | null;
  /** What to tell the guide: another guide took a call, or taking one failed. */
  notice: { kind: 'taken' } | { kind: 'failed'; message: string } | null;
}

export interface ConsoleHooks {
  /** A call started ringing here (sound, notification), and stopped (by any means). */
  onRing(call: IncomingCall): void;
  onStop(callId: string): void;
}

/** Read-only diagnostics for the browser suite: when each call reached this console. */
declare global {
  interface Window {
    __atriumConsole?: { rangAt: Record<string, number> };
  }
}

export class ConsoleClient {
  private readonly socket: RingSocket;
  private snapshot: ConsoleSnapshot = { status: 'connecting', tours: [], ringing: [], callbacks: [], inCall: false, meetingPath: null, notice: null };
  private readonly listeners = new Set<() => void>();

  constructor(auth: { deviceId: string; sessionToken: string }, private readonly hooks: ConsoleHooks) {
    window.__atriumConsole = { rangAt: {} };
    this.socket = openRingSocket(auth);
    this.socket.on('connect', () => void this.join());
    this.socket.on('disconnect', () => this.set({ status: 'offline' }));
    this.socket.on('connect_error', () => this.set({ status: 'offline' }));
    this.socket.on('ring:incoming', (call) => {
      if (window.__atriumConsole) window.__atriumConsole.rangAt[call.callId] = Date.now();
      if (this.snapshot.ringing.some((c) => c.callId === call.callId)) return;
      this.set({ ringing: [...this.snapshot.ringing, call] });
      this.hooks.onRing(call);
    });
    this.socket.on('ring:stopped', ({ callId, reason }) => {
      this.drop(callId);
      if (reason === 'taken') this.set({ notice: { kind: 'taken' } });
    });
    this.socket.on('callback:created', (callback) => this.set({ callbacks: [callback, ...this.snapshot.callbacks.filter((c) => c.objectId !== callback.objectId)] }));
    // The meeting's link goes with the call it belongs to.
    this.socket.on('console:in-call', ({ inCall }) => this.set(inCall ? { inCall } : { inCall, meetingPath: null }));
  }

  private async join(): Promise<void> {
    try {
      const state = await ask(this.socket, 'console:join', {});
      this.set({ status: 'online', ...state });
      for (const call of state.ringing) this.hooks.onRing(call);
    } catch {
      this.set({ status: 'offline' });
    }
  }

  private drop(callId: string): void {
    if (!this.snapshot.ringing.some((c) => c.callId === callId)) return;
    this.set({ ringing: this.snapshot.ringing.filter((c) => c.callId !== callId) });
    this.hooks.onStop(callId);
  }

  /** Takes the call; answers the meeting's host path, or null when another guide was first (or it failed). */
  async accept(callId: string): Promise<string | null> {
    try {
      const { hostPath } = await ask(this.socket, 'ring:accept', { callId });
      this.drop(callId);
      this.set({ inCall: true, meetingPath: hostPath, notice: null });
      return hostPath;
    } catch (error) {
      this.drop(callId);
      this.set({ notice: error instanceof RingRefusal && error.code === 'CALL_TAKEN' ? { kind: 'taken' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) } });
      return null;
    }
  }

  async decline(callId: string): Promise<void> {
    this.drop(callId);
    await ask(this.socket, 'ring:decline', { callId }).catch(() => {});
  }

  dismissNotice(): void {
    this.set({ notice: null });
  }

  getSnapshot = (): ConsoleSnapshot => this.snapshot;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(change: Partial<ConsoleSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  close(): void {
    this.socket.close();
    this.listeners.clear();
  }
}
