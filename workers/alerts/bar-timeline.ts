/**
 * The bar times of one symbol at one chart's bars (interval, session choice), kept current with the
 * live feed: the history the engine holds, then one time per live bar as ticks open them. Its
 * `position` is the fractional bar index a chart of those bars places a time at (bar-position.ts),
 * so an alert evaluates a sloped line where that chart draws it.
 */
import { timeToLogical } from '../../core/bars/bar-position';
import { type ChartBarsSpec, ChartBuckets } from '../aggregate/chart-buckets';

/** The start of the bar a tick at `time` belongs to; null when the chart shows no bar for it. */
export type BarOf = (time: number) => number | null;

export class BarTimeline {
  /** The last stored time, then each later bar's: where positions past the history are read. */
  private readonly tail: number[];

  /**
   * @param stored the bars held (sorted, at the chart's bars); kept, not copied
   * @param barOf the bar of a live tick
   */
  constructor(
    private readonly stored: ArrayLike<number>,
    private readonly barOf: BarOf,
  ) {
    this.tail = stored.length > 0 ? [stored[stored.length - 1] as number] : [];
  }

  /** A tick at `time`: the bar it opens, if it is a new one, joins the timeline. */
  observe(time: number): void {
    const start = this.barOf(time);
    if (start === null) return;
    const last = this.tail[this.tail.length - 1];
    if (last === undefined || start > last) this.tail.push(start);
  }

  /**
   * The bar position of `time`: its fractional index among the bars. With fewer than two bars, the
   * time itself (positions only matter relative to each other, and without bars time is all there is).
   */
  position(time: number): number {
    const n = this.stored.length;
    const tail = this.tail;
    if (n + tail.length - (n > 0 ? 1 : 0) < 2) return time;
    if (n >= 2 && (tail.length < 2 || time <= (tail[0] as number))) {
      return timeToLogical(this.stored, time) as number;
    }
    return (n > 0 ? n - 1 : 0) + (timeToLogical(tail, time) as number);
  }
}

/** Bar times from the last few held, this many, to find the data's own bar length. */
const SPACING_SAMPLE = 16;

/** The shortest step between the last bars: the data's own bar length (0 with fewer than two). */
function ownBarSeconds(times: ArrayLike<number>): number {
  let step = 0;
  for (let i = Math.max(1, times.length - SPACING_SAMPLE); i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (gap > 0 && (step === 0 || gap < step)) step = gap;
  }
  return step;
}

/**
 * The timeline of a chart that shows `spec`'s bars: `stored`, the bar times the engine holds at
 * those bars, and live bars as the chart makes them (buckets of its interval, found as the live bars
 * find them; or the data's own bar length from the last bar held). Ticks outside the session open no
 * bar on a chart that leaves those bars out.
 */
export function barTimelineOf(spec: ChartBarsSpec, stored: ArrayLike<number>): BarTimeline {
  const buckets = new ChartBuckets(spec);
  if (buckets.resamples) {
    const span = new Float64Array(2);
    return new BarTimeline(stored, (time) => {
      if (!buckets.shows(time)) return null;
      buckets.locate(time, span);
      return span[0] as number;
    });
  }
  const step = ownBarSeconds(stored);
  const origin = stored[stored.length - 1];
  if (step === 0 || origin === undefined) return new BarTimeline(stored, () => null);
  return new BarTimeline(stored, (time) =>
    buckets.shows(time) ? origin + Math.floor((time - origin) / step) * step : null,
  );
}
