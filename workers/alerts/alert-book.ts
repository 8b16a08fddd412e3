/**
 * The worker's alerts: the fire-once state machine of each active alert, fed every tick of the live
 * feeds (the simulator's and the real ones'). An alert is `armed` until a tick meets its condition
 * (it becomes `fired` and is reported, once) or the wall clock passes its expiry (`expired`, silent).
 * Neither state ever goes back to `armed`: only a new arming from the main thread (an edit, which
 * changes `armedAt`) starts the alert again.
 *
 * An alert on a sloped line reads it along the bars of its chart (a timeline per symbol and bars,
 * shared by the alerts on them and kept while any needs it, so the live bars it has seen stay).
 */
import { conditionMet, type Position, type PricePoint } from '../../core/alerts/alert-conditions';
import type { AlertBars, AlertFired, AlertShape, AlertSpec } from '../../core/alerts/alert-types';
import type { BarTimeline } from './bar-timeline';

export type AlertState = 'armed' | 'fired' | 'expired';

interface Entry {
  spec: AlertSpec;
  state: AlertState;
  /** Along its chart's bars; undefined: in time (a level has no slope to place). */
  position: Position | undefined;
}

/** Makes the timeline of a symbol's chart with these bars (null: none can be made, read in time). */
export type TimelineOf = (symbol: string, bars: AlertBars) => BarTimeline | null;

const isSloped = (shape: AlertShape): boolean =>
  shape.kind === 'line' ? shape.line.kind === 'sloped' : shape.lower.kind === 'sloped';

const timelineKey = (symbol: string, bars: AlertBars): string =>
  `${symbol}\n${bars.interval ?? ''}\n${bars.sessionOnly ? 'session' : 'all'}`;

export class AlertBook {
  private readonly entries = new Map<string, Entry>();
  private readonly bySymbol = new Map<string, Entry[]>();
  /** The last tick of each symbol, so an alert set between two ticks compares from the last one. */
  private readonly lastTick = new Map<string, PricePoint>();
  private timelines = new Map<string, BarTimeline>();
  /** The timelines each symbol's ticks move. */
  private readonly timelinesBySymbol = new Map<string, BarTimeline[]>();

  /**
   * Replaces the alerts with `specs` (the main thread's active alerts). An alert of the same id and
   * arming keeps its state, so one that fired a moment ago is not armed again by a list sent before
   * the main thread heard of it; its geometry follows the spec (a dragged line). `timelineOf` makes
   * the timelines sloped lines are read along; without it they are read in time.
   */
  set(specs: readonly AlertSpec[], timelineOf: TimelineOf = () => null): void {
    const previous = new Map(this.entries);
    const previousTimelines = this.timelines;
    this.entries.clear();
    this.bySymbol.clear();
    this.timelines = new Map();
    this.timelinesBySymbol.clear();
    for (const spec of specs) {
      const old = previous.get(spec.id);
      const timeline = isSloped(spec.shape) ? this.timelineFor(spec, previousTimelines, timelineOf) : null;
      const entry: Entry = {
        spec,
        state: old && old.spec.armedAt === spec.armedAt ? old.state : 'armed',
        position: timeline ? (time) => timeline.position(time) : undefined,
      };
      this.entries.set(spec.id, entry);
      const list = this.bySymbol.get(spec.symbol);
      if (list) list.push(entry);
      else this.bySymbol.set(spec.symbol, [entry]);
    }
  }

  private timelineFor(
    spec: AlertSpec,
    previous: ReadonlyMap<string, BarTimeline>,
    timelineOf: TimelineOf,
  ): BarTimeline | null {
    const key = timelineKey(spec.symbol, spec.bars);
    let timeline = this.timelines.get(key) ?? previous.get(key) ?? null;
    if (!timeline) timeline = timelineOf(spec.symbol, spec.bars);
    if (!timeline || this.timelines.has(key)) return timeline;
    this.timelines.set(key, timeline);
    const list = this.timelinesBySymbol.get(spec.symbol);
    if (list) list.push(timeline);
    else this.timelinesBySymbol.set(spec.symbol, [timeline]);
    return timeline;
  }

  stateOf(id: string): AlertState | null {
    return this.entries.get(id)?.state ?? null;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * One tick of `symbol` at `time` (UTC seconds) and `price`, at wall-clock `now` (ms): the alerts it
   * fires. A tick earlier than the symbol's last (a bar message after its trades) counts at the last
   * tick's time, so time never runs back between two ticks.
   */
  tick(symbol: string, time: number, price: number, now: number): AlertFired[] {
    const last = this.lastTick.get(symbol);
    const next: PricePoint = { time: last ? Math.max(time, last.time) : time, price };
    this.lastTick.set(symbol, next);
    // The bar the tick opens is on the chart before the tick is compared, as the chart shows it.
    for (const timeline of this.timelinesBySymbol.get(symbol) ?? []) timeline.observe(next.time);
    const entries = this.bySymbol.get(symbol);
    if (!entries || !last) return [];
    let fired: AlertFired[] | null = null;
    for (const entry of entries) {
      if (entry.state !== 'armed') continue;
      const { spec } = entry;
      if (spec.expiresAt !== null && now >= spec.expiresAt) {
        entry.state = 'expired';
        continue;
      }
      const met = conditionMet(spec.condition, spec.shape, last, next, entry.position);
      if (!met) continue;
      entry.state = 'fired';
      fired ??= [];
      fired.push({
        id: spec.id,
        armedAt: spec.armedAt,
        symbol,
        condition: spec.condition,
        time: next.time,
        price,
        level: met.level,
        firedAt: now,
      });
    }
    return fired ?? [];
  }
}
