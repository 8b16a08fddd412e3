/**
 * The worker's alerts: the fire-once state machine of each active alert, fed every tick of the live
 * feeds (the simulator's and the real ones'). An alert is `armed` until a tick meets its condition
 * (it becomes `fired` and is reported, once) or the wall clock passes its expiry (`expired`, silent).
 * Neither state ever goes back to `armed`: only a new arming from the main thread (an edit, which
 * changes `armedAt`) starts the alert again.
 */
import { conditionMet, type PricePoint } from './alert-conditions';
import type { AlertFired, AlertSpec } from './alert-types';

export type AlertState = 'armed' | 'fired' | 'expired';

interface Entry {
  spec: AlertSpec;
  state: AlertState;
}

export class AlertBook {
  private readonly entries = new Map<string, Entry>();
  private readonly bySymbol = new Map<string, Entry[]>();
  /** The last tick of each symbol, so an alert set between two ticks compares from the last one. */
  private readonly lastTick = new Map<string, PricePoint>();

  /**
   * Replaces the alerts with `specs` (the main thread's active alerts). An alert of the same id and
   * arming keeps its state, so one that fired a moment ago is not armed again by a list sent before
   * the main thread heard of it; its geometry follows the spec (a dragged line).
   */
  set(specs: readonly AlertSpec[]): void {
    const previous = new Map(this.entries);
    this.entries.clear();
    this.bySymbol.clear();
    for (const spec of specs) {
      const old = previous.get(spec.id);
      const entry: Entry = { spec, state: old && old.spec.armedAt === spec.armedAt ? old.state : 'armed' };
      this.entries.set(spec.id, entry);
      const list = this.bySymbol.get(spec.symbol);
      if (list) list.push(entry);
      else this.bySymbol.set(spec.symbol, [entry]);
    }
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
      const met = conditionMet(spec.condition, spec.shape, last, next);
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
