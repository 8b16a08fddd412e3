/**
 * Where a chart of one symbol puts a time: in the bucket of its interval that `resampleBars` makes
 * (counted from the session open where the symbol has one), and nowhere when the chart leaves out
 * out-of-session bars and the time is one of them. The live bars (live-resample.ts) and the alerts'
 * bar timelines (alerts/bar-timeline.ts) both ask it, so an alert reads a line along the bars the
 * chart forms.
 */

import type { Interval } from '../../core/bars/interval';
import { SessionClock, type TradingSession } from '../../core/sessions/trading-session';
import { bucketLocator, type Locate } from './resample';

/** The bars a chart shows. */
export interface ChartBarsSpec {
  /** The chart's interval; null keeps the data's own bars. */
  interval: Interval | null;
  /** The symbol's intraday session (null for daily data and markets that never close). */
  session: TradingSession | null;
  /** Leave out bars outside the session, as `sessionBars` does. */
  sessionOnly: boolean;
}

export class ChartBuckets {
  private readonly locateBucket: Locate | null;
  private readonly clock: SessionClock | null;

  constructor(spec: ChartBarsSpec) {
    this.locateBucket = spec.interval ? bucketLocator(spec.interval, spec.session) : null;
    this.clock = spec.sessionOnly && spec.session ? new SessionClock(spec.session) : null;
  }

  /** Whether the chart has an interval of its own (false: it shows the data's bars as they are). */
  get resamples(): boolean {
    return this.locateBucket !== null;
  }

  /** Whether the chart shows a bar at `time` (false only out of session, when those bars are left out). */
  shows(time: number): boolean {
    return this.clock === null || this.clock.inSession(time);
  }

  /**
   * Writes the start of the bucket of `time` and the time to ask again (its end, exclusive) into
   * `out`. Without an interval every time is a bucket of its own: `[time, -∞)`, so any later time
   * asks again.
   */
  locate(time: number, out: Float64Array): void {
    if (this.locateBucket) {
      this.locateBucket(time, out);
      return;
    }
    out[0] = time;
    out[1] = Number.NEGATIVE_INFINITY;
  }
}
