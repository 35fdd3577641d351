import { VISITOR_REPORT_MS, VISITOR_TIMER_TICK_MS } from '../../protocol/constants.ts';
import type { VisitorReport } from '../../protocol/analytics.ts';
import { browserTimers, type Timers } from './timers.ts';

/** Spec section 3's visitor session; null fields when no session runs. */
export interface VisitorSessionState {
  buildingId: string | null;
  startedAt: number | null;
  duration: number;
}

const TICKS_PER_REPORT = Math.round(VISITOR_REPORT_MS / VISITOR_TIMER_TICK_MS);

/**
 * Spec section 4, "Visitor session tracking": start runs a one-second timer and reports every 10 seconds; reset
 * stops the timer, sends a final report and clears building, start and duration. Whether to start at all is
 * section 5's rule (isTrackedVisitor), decided by the caller.
 */
export class VisitorSessionTracker {
  private state: VisitorSessionState = { buildingId: null, startedAt: null, duration: 0 };
  private timer: unknown = null;

  constructor(
    /** final: the last report of a session (the page may be closing: send it with keepalive). */
    private readonly report: (session: VisitorReport, final: boolean) => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  get session(): Readonly<VisitorSessionState> {
    return this.state;
  }

  start(buildingId: string): void {
    if (this.state.buildingId === buildingId && this.timer !== null) return;
    if (this.timer !== null) this.reset();
    this.state = { buildingId, startedAt: this.timers.now(), duration: 0 };
    this.timer = this.timers.setInterval(() => this.tick(), VISITOR_TIMER_TICK_MS);
  }

  reset(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
    this.send(true);
    this.state = { buildingId: null, startedAt: null, duration: 0 };
  }

  private tick(): void {
    this.state.duration += 1;
    if (this.state.duration % TICKS_PER_REPORT === 0) this.send(false);
  }

  private send(final: boolean): void {
    const { buildingId, startedAt, duration } = this.state;
    if (buildingId !== null && startedAt !== null) this.report({ buildingId, startedAt, duration }, final);
  }
}
