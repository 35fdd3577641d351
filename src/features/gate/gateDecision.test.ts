import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstStep, gateDecision } from './gateDecision.ts';
import { startGatePass } from './gatePass.ts';

const visitorTour = { requireVisitorData: true, requireWhiteListing: false };
const listTour = { requireVisitorData: false, requireWhiteListing: true };
const signedIn = (username: string) => ({ user: { username }, restoring: false });
const nobody = { user: null, restoring: false };
const unjudged = { admitted: null, refused: null };

describe('gateDecision (section 4)', () => {
  it('waits while the kept session is being resumed', () => {
    expect(gateDecision(visitorTour, { user: null, restoring: true }, unjudged)).toBe('wait');
  });

  it('shows the gate to nobody signed in, and asks the server about anyone signed in', () => {
    expect(gateDecision(visitorTour, nobody, unjudged)).toBe('show');
    expect(gateDecision(visitorTour, signedIn('anyone'), unjudged)).toBe('check');
    expect(gateDecision(listTour, signedIn('mallory'), unjudged)).toBe('check');
  });

  it('follows the server: through for the user it admitted, the gate again for the one it refused', () => {
    const verdict = { admitted: 'alice', refused: 'mallory' };
    expect(gateDecision(listTour, signedIn('alice'), verdict)).toBe('pass');
    expect(gateDecision(listTour, signedIn('mallory'), verdict)).toBe('show');
    // Another account signs in on the same page: judged afresh.
    expect(gateDecision(listTour, signedIn('bob'), verdict)).toBe('check');
    expect(gateDecision(listTour, nobody, verdict)).toBe('show');
  });

  it('never stops a tour without a gate', () => {
    expect(gateDecision({ requireVisitorData: false, requireWhiteListing: false }, nobody, unjudged)).toBe('pass');
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
    // The spec's numbers (sections 4 and 9), not the constants under test: a wrong constant must fail here.
    vi.advanceTimersByTime(1999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['granted']);
    vi.advanceTimersByTime(1499);
    expect(events).toEqual(['granted']);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['granted', 'ready']);
  });

  it('readies the screen at once when the app is already ready, and cancels cleanly', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const cancel = startGatePass(true, { screenReady: () => events.push('ready'), passGranted: () => events.push('granted') });
    vi.advanceTimersByTime(0);
    expect(events).toEqual(['ready']);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['ready']);
  });
});
