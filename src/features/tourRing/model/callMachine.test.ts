import { describe, expect, it } from 'vitest';
import { callReducer, initialCall, secondsLeft, type CallEvent, type CallState } from './callMachine.ts';

const run = (events: CallEvent[], from: CallState = initialCall) => events.reduce(callReducer, from);
const answer = { callId: 'call000001', meetingId: 'm1', guestPath: '/t?meeting=m1', guideName: 'Ann', visitorName: 'Vic' };
const answered: CallState = { phase: 'answered', ...answer, inMeeting: false };
const ringing: CallEvent = { type: 'started', answer: { status: 'ringing', callId: 'call000001', ringTimeoutMs: 30_000, guidesRung: 2 }, at: 1000 };

describe('the caller’s call', () => {
  it('rings, counts down and is answered with the meeting link', () => {
    const state = run([{ type: 'dial' }, ringing]);
    expect(state).toEqual({ phase: 'ringing', callId: 'call000001', deadline: 31_000 });
    expect(secondsLeft(state, 21_500)).toBe(10);
    expect(run([{ type: 'answered', event: answer }], state)).toEqual(answered);
  });
  it('notes when the page is in the answered call\'s meeting, and offers a new call once out of it again', () => {
    const inMeeting = run([{ type: 'meeting', current: null }, { type: 'meeting', current: 'other00001' }, { type: 'meeting', current: 'm1' }], answered);
    expect(inMeeting).toEqual({ ...answered, inMeeting: true });
    expect(run([{ type: 'meeting', current: 'm1' }], inMeeting)).toBe(inMeeting);
    expect(run([{ type: 'meeting', current: null }], inMeeting)).toEqual(initialCall);
    expect(run([{ type: 'meeting', current: 'm1' }], initialCall)).toBe(initialCall);
  });
  it('ends with the spec’s answers: at once (unavailable, busy) or after ringing (cannot answer)', () => {
    expect(run([{ type: 'dial' }, { type: 'started', answer: { status: 'unavailable' }, at: 0 }])).toEqual({ phase: 'ended', outcome: 'unavailable' });
    expect(run([{ type: 'dial' }, { type: 'started', answer: { status: 'busy' }, at: 0 }])).toEqual({ phase: 'ended', outcome: 'busy' });
    expect(run([{ type: 'dial' }, ringing, { type: 'ended', callId: 'call000001', outcome: 'cannot-answer' }])).toEqual({ phase: 'ended', outcome: 'cannot-answer' });
  });
  it('ignores another call’s events, and a hang-up ends the ringing', () => {
    const state = run([{ type: 'dial' }, ringing, { type: 'ended', callId: 'other00001', outcome: 'busy' }]);
    expect(state.phase).toBe('ringing');
    expect(run([{ type: 'hang-up' }], state)).toEqual({ phase: 'ended', outcome: 'cancelled' });
    expect(run([{ type: 'failed' }], state)).toEqual({ phase: 'failed', reason: 'connection' });
    expect(run([{ type: 'failed', reason: 'too-many-calls' }], state)).toEqual({ phase: 'failed', reason: 'too-many-calls' });
    expect(run([{ type: 'reset' }], state)).toEqual(initialCall);
  });
});
