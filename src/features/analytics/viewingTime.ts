import { VISITOR_TIME_UPDATE_MS, VISITOR_TIMER_TICK_MS } from '../../protocol/constants.ts';
import { browserTimers, type Timers } from './timers.ts';

const TICKS_PER_UPDATE = Math.round(VISITOR_TIME_UPDATE_MS / VISITOR_TIMER_TICK_MS);

/**
 * The seconds a tour is on screen (spec section 7: "PATCH every 5 s while the tour is open"). A hidden tab neither
 * counts nor sends; `flush` sends the total now (page hidden or closing) so the last seconds are not lost.
 */
export class ViewingTimeTracker {
  private seconds = 0;
  private sinceUpdate = 0;
  private timer: unknown = null;

  constructor(
    private readonly send: (viewingSeconds: number, final: boolean) => void,
    private readonly isVisible: () => boolean,
    private readonly timers: Timers = browserTimers,
  ) {}

  get viewingSeconds(): number {
    return this.seconds;
  }

  start(): void {
    if (this.timer === null) this.timer = this.timers.setInterval(() => this.tick(), VISITOR_TIMER_TICK_MS);
  }

  /** Sends what was counted since the last update, if anything. */
  flush(final: boolean): void {
    if (this.sinceUpdate === 0) return;
    this.sinceUpdate = 0;
    this.send(this.seconds, final);
  }

  stop(): void {
    if (this.timer === null) return;
    this.timers.clearInterval(this.timer);
    this.timer = null;
    this.flush(true);
  }

  private tick(): void {
    if (!this.isVisible()) return;
    this.seconds += 1;
    this.sinceUpdate += 1;
    if (this.sinceUpdate >= TICKS_PER_UPDATE) this.flush(false);
  }
}
