import { describe, expect, it } from 'vitest';
import { chooseAction, drivesViewer, formatClock, initialPlayer, pilotActive, playerReducer, shouldShowTooltip, type PlayerEvent } from './playerMachine.ts';
import { hasUnsentTake, initialRecorder, inWarning, recorderReducer, remainingMs, type RecorderEvent } from './recorderMachine.ts';

const LIMIT = 600_000;
const run = (events: RecorderEvent[], limit = LIMIT) => events.reduce(recorderReducer, initialRecorder(limit));

describe('recorder states', () => {
  it('goes start -> recording -> stopped -> uploading -> complete', () => {
    let s = run([{ type: 'start' }]);
    expect(s.phase).toBe('starting');
    s = recorderReducer(s, { type: 'granted' });
    expect(s.phase).toBe('recording');
    s = recorderReducer(s, { type: 'tick', elapsedMs: 12_000 });
    s = recorderReducer(s, { type: 'stop' });
    expect(s).toMatchObject({ phase: 'stopped', elapsedMs: 12_000, autoStopped: false });
    s = recorderReducer(s, { type: 'upload' });
    expect(s.phase).toBe('uploading');
    expect(hasUnsentTake(s)).toBe(true);
    s = recorderReducer(s, { type: 'uploaded' });
    expect(s.phase).toBe('complete');
    expect(hasUnsentTake(s)).toBe(false);
  });

  it('shows the microphone problem when access is refused', () => {
    const s = run([{ type: 'start' }, { type: 'denied', problem: 'microphone-blocked' }]);
    expect(s).toMatchObject({ phase: 'failed', problem: 'microphone-blocked' });
    expect(hasUnsentTake(s)).toBe(false);
    expect(recorderReducer(s, { type: 'start' }).phase).toBe('starting');
    expect(recorderReducer(s, { type: 'upload' }).phase).toBe('failed');
  });

  it('warns in the last minute and stops by itself at the limit', () => {
    let s = run([{ type: 'start' }, { type: 'granted' }, { type: 'tick', elapsedMs: LIMIT - 60_001 }]);
    expect(inWarning(s)).toBe(false);
    s = recorderReducer(s, { type: 'tick', elapsedMs: LIMIT - 60_000 });
    expect(inWarning(s)).toBe(true);
    expect(remainingMs(s)).toBe(60_000);
    s = recorderReducer(s, { type: 'tick', elapsedMs: LIMIT + 30 });
    expect(s).toMatchObject({ phase: 'stopped', elapsedMs: LIMIT, autoStopped: true });
  });

  it('warns halfway through a limit shorter than two minutes (a test configuration)', () => {
    const s = run([{ type: 'start' }, { type: 'granted' }, { type: 'tick', elapsedMs: 10_000 }], 20_000);
    expect(inWarning(s)).toBe(true);
  });

  it('keeps the take after a failed upload, retries it, and asks to sign in again on an expired session', () => {
    let s = run([{ type: 'start' }, { type: 'granted' }, { type: 'tick', elapsedMs: 5000 }, { type: 'stop' }, { type: 'upload' }]);
    s = recorderReducer(s, { type: 'upload-failed', problem: 'relogin' });
    expect(s).toMatchObject({ phase: 'failed', problem: 'relogin', elapsedMs: 5000 });
    expect(hasUnsentTake(s)).toBe(true);
    s = recorderReducer(s, { type: 'upload' });
    expect(s).toMatchObject({ phase: 'uploading', problem: null });
    s = recorderReducer(s, { type: 'upload-failed', problem: 'upload-failed' });
    expect(recorderReducer(s, { type: 'start' }).phase).toBe('failed');
    expect(recorderReducer(s, { type: 'discard' }).phase).toBe('idle');
  });

  it('restores a take kept in the browser only when idle, and never discards a running one', () => {
    expect(run([{ type: 'restore', elapsedMs: 3000 }])).toMatchObject({ phase: 'stopped', elapsedMs: 3000 });
    const recording = run([{ type: 'start' }, { type: 'granted' }]);
    expect(recorderReducer(recording, { type: 'discard' }).phase).toBe('recording');
    expect(recorderReducer(recording, { type: 'restore', elapsedMs: 1 }).phase).toBe('recording');
  });
});

const play = (events: PlayerEvent[]) => events.reduce(playerReducer, initialPlayer);
const load: PlayerEvent = { type: 'load', recordingId: 'r1', buildingId: 'b1', durationMs: 10_000 };

describe('player states', () => {
  it('plays, pauses, stops; the route drives the viewer unless self-browsing', () => {
    let s = play([load, { type: 'play' }]);
    expect(s.phase).toBe('playing');
    expect(drivesViewer(s)).toBe(true);
    expect(pilotActive(s)).toBe(true);
    s = playerReducer(s, { type: 'self-browsing', on: true });
    expect(drivesViewer(s)).toBe(false);
    expect(pilotActive(s)).toBe(true);
    s = playerReducer(s, { type: 'pause' });
    expect(s.phase).toBe('paused');
    s = playerReducer(s, { type: 'stop' });
    expect(s).toMatchObject({ phase: 'stopped', positionMs: 0, selfBrowsing: false });
    expect(pilotActive(s)).toBe(false);
  });

  it('seeks within the recording and starts over when played after the end', () => {
    let s = play([load, { type: 'play' }, { type: 'seek', positionMs: 20_000 }]);
    expect(s.positionMs).toBe(10_000);
    s = playerReducer(s, { type: 'ended' });
    expect(s).toMatchObject({ phase: 'stopped', positionMs: 10_000 });
    expect(playerReducer(s, { type: 'play' }).positionMs).toBe(0);
    expect(play([load, { type: 'seek', positionMs: -5 }]).positionMs).toBe(0);
  });

  it('ignores time updates unless playing, and everything without a recording', () => {
    const paused = play([load, { type: 'play' }, { type: 'pause' }, { type: 'time', positionMs: 4000 }]);
    expect(paused.positionMs).toBe(0);
    expect(play([{ type: 'play' }]).phase).toBe('stopped');
  });

  it('offers a restart for the loaded recording and asks before switching tours', () => {
    const s = play([load, { type: 'play' }]);
    expect(chooseAction(s, { recordingId: 'r1', buildingId: 'b1' }, 'b1')).toBe('offer-restart');
    expect(chooseAction(s, { recordingId: 'r2', buildingId: 'b2' }, 'b1')).toBe('confirm-switch');
    // Another guided tour of this building while this one plays or waits paused part-way: asks too.
    expect(chooseAction(s, { recordingId: 'r2', buildingId: 'b1' }, 'b1')).toBe('confirm-switch');
    expect(chooseAction(playerReducer(s, { type: 'pause' }), { recordingId: 'r2', buildingId: 'b1' }, 'b1')).toBe('confirm-switch');
    // Nothing under way (nothing loaded, stopped, or played to the end): loads at once.
    expect(chooseAction(initialPlayer, { recordingId: 'r2', buildingId: 'b1' }, 'b1')).toBe('load');
    expect(chooseAction(playerReducer(s, { type: 'stop' }), { recordingId: 'r2', buildingId: 'b1' }, 'b1')).toBe('load');
    expect(chooseAction(playerReducer(s, { type: 'ended' }), { recordingId: 'r2', buildingId: 'b1' }, 'b1')).toBe('load');
  });

  it('shows the tooltip once', () => {
    expect(shouldShowTooltip(null)).toBe(true);
    expect(shouldShowTooltip('1')).toBe(false);
  });

  it('formats the clock with digits only', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_400)).toBe('1:05');
    expect(formatClock(600_000)).toBe('10:00');
    expect(formatClock(3_661_000)).toBe('1:01:01');
  });
});
