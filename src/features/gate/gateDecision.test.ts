import { afterEach, describe, expect, it, vi } from 'vitest';
import { GATE_PASS_DELAY_MS, GATE_READY_DELAY_MS } from '../../protocol/constants.ts';
import { firstStep, gateDecision } from './gateDecision.ts';
import { startGatePass } from './gatePass.ts';

const visitorTour = { requireVisitorData: true, requireWhiteListing: false, whiteList: [] };
const listTour = { requireVisitorData: false, requireWhiteListing: true, whiteList: ['Alice', 'bob@example.test'] };
const signedIn = (username: string) => ({ user: { username }, restoring: false });
const nobody = { user: null, restoring: false };

describe('gateDecision (section 4)', () => {
  it('waits while the kept session is being resumed', () => {
    expect(gateDecision(visitorTour, { user: null, restoring: true })).toBe('wait');
  });

  it('shows the gate to nobody signed in and lets a signed-in visitor through', () => {
    expect(gateDecision(visitorTour, nobody)).toBe('show');
    expect(gateDecision(visitorTour, signedIn('anyone'))).toBe('pass');
  });

  it('admits only whitelisted usernames, in any case', () => {
    expect(gateDecision(listTour, signedIn('ALICE'))).toBe('pass');
    expect(gateDecision(listTour, signedIn('Bob@Example.test'))).toBe('pass');
    expect(gateDecision(listTour, signedIn('mallory'))).toBe('show');
    expect(gateDecision(listTour, nobody)).toBe('show');
  });

  it('never stops a tour without a gate', () => {
    expect(gateDecision({ requireVisitorData: false, requireWhiteListing: false, whiteList: [] }, nobody)).toBe('pass');
  });

  it('opens with the emailed link, the visitor form or the whitelist sign-in', () => {
    expect(firstStep(visitorTour, true)).toBe('link');
    expect(firstStep(visitorTour, false)).toBe('form');
    expect(firstStep({ ...listTour, requireVisitorData: true }, false)).toBe('form');
    expect(firstStep(listTour, false)).toBe('whitelist');
  });
});

describe('startGatePass (section 4 timings)', () => {
  afterEach(() => vi.useRealTimers());

  it('readies the screen after 3.5 s and grants the pass after 2 s', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    startGatePass(false, { screenReady: () => events.push('ready'), passGranted: () => events.push('granted') });
    vi.advanceTimersByTime(GATE_PASS_DELAY_MS - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['granted']);
    vi.advanceTimersByTime(GATE_READY_DELAY_MS - GATE_PASS_DELAY_MS);
    expect(events).toEqual(['granted', 'ready']);
  });

  it('readies the screen at once when the app is already ready, and cancels cleanly', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const cancel = startGatePass(true, { screenReady: () => events.push('ready'), passGranted: () => events.push('granted') });
    vi.advanceTimersByTime(0);
    expect(events).toEqual(['ready']);
    cancel();
    vi.advanceTimersByTime(GATE_PASS_DELAY_MS);
    expect(events).toEqual(['ready']);
  });
});
