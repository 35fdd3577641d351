import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisitorReport } from '../../protocol/analytics.ts';
import { isTrackedVisitor } from '../../protocol/analytics.ts';
import { VisitorSessionTracker } from './visitorSession.ts';
import { ViewingTimeTracker } from './viewingTime.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('visitor session tracking (section 4)', () => {
  it('ticks every second and reports every 10 seconds with building, start and duration', () => {
    const reports: Array<[VisitorReport, boolean]> = [];
    const tracker = new VisitorSessionTracker((r, final) => reports.push([{ ...r }, final]));
    tracker.start('tour1');
    const startedAt = Date.parse('2026-11-22T10:00:00Z');
    vi.advanceTimersByTime(9_999);
    expect(reports).toEqual([]);
    expect(tracker.session.duration).toBe(9);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([[{ buildingId: 'tour1', startedAt, duration: 10 }, false]]);
    vi.advanceTimersByTime(10_000);
    expect(reports.map(([r]) => r.duration)).toEqual([10, 20]);
  });

  it('reset stops the timer, sends a final report and clears building, start and duration', () => {
    const reports: Array<[VisitorReport, boolean]> = [];
    const tracker = new VisitorSessionTracker((r, final) => reports.push([{ ...r }, final]));
    tracker.start('tour1');
    vi.advanceTimersByTime(13_000);
    tracker.reset();
    expect(reports.at(-1)).toEqual([{ buildingId: 'tour1', startedAt: Date.parse('2026-11-22T10:00:00Z'), duration: 13 }, true]);
    expect(tracker.session).toEqual({ buildingId: null, startedAt: null, duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(2);
    // A second reset has nothing to report.
    tracker.reset();
    expect(reports).toHaveLength(2);
  });

  it('starting again for the same tour keeps the session; another tour ends it first', () => {
    const reports: VisitorReport[] = [];
    const tracker = new VisitorSessionTracker((r) => reports.push({ ...r }));
    tracker.start('tour1');
    vi.advanceTimersByTime(3_000);
    tracker.start('tour1');
    expect(tracker.session.duration).toBe(3);
    tracker.start('tour2');
    expect(reports).toEqual([{ buildingId: 'tour1', startedAt: Date.parse('2026-11-22T10:00:00Z'), duration: 3 }]);
    expect(tracker.session).toMatchObject({ buildingId: 'tour2', duration: 0 });
    tracker.reset();
  });
});

describe('who is tracked (section 5)', () => {
  const base = { buildingId: 'tour1', username: 'Ada', whiteList: ['bob', 'ADA'], headquarterTitle: 'Harbour' };
  it('a signed-in user whose username is on the whitelist, case-insensitively', () => {
    expect(isTrackedVisitor(base)).toBe(true);
    expect(isTrackedVisitor({ ...base, username: 'carol' })).toBe(false);
  });
  it('nobody without a tour or without signing in; the headquarter list is empty', () => {
    expect(isTrackedVisitor({ ...base, buildingId: null })).toBe(false);
    expect(isTrackedVisitor({ ...base, username: null })).toBe(false);
    expect(isTrackedVisitor({ ...base, whiteList: [] })).toBe(false);
  });
});

describe('viewing time (PATCH every 5 s while the tour is on screen)', () => {
  it('sends the running total every 5 visible seconds and pauses while hidden', () => {
    let visible = true;
    const sent: Array<[number, boolean]> = [];
    const tracker = new ViewingTimeTracker((s, final) => sent.push([s, final]), () => visible);
    tracker.start();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([[5, false], [10, false]]);
    visible = false;
    vi.advanceTimersByTime(30_000);
    expect(sent).toHaveLength(2);
    visible = true;
    vi.advanceTimersByTime(5_000);
    expect(sent.at(-1)).toEqual([15, false]);
  });

  it('flushes the seconds not sent yet when the page goes, and only those', () => {
    const sent: Array<[number, boolean]> = [];
    const tracker = new ViewingTimeTracker((s, final) => sent.push([s, final]), () => true);
    tracker.start();
    vi.advanceTimersByTime(7_000);
    tracker.flush(true);
    tracker.flush(true);
    expect(sent).toEqual([[5, false], [7, true]]);
    tracker.stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });
});
